#include "inspector/panels.h"

namespace xe::sandbox::ui {

void draw_adapter(const gfx::adapter_info& a) {
  ImGui::Text("%s", a.name.c_str());
  ImGui::Text("runtime: %s", a.runtime.c_str());
  ImGui::Text("feature level %s, shader model %s, tiled resources tier %u",
              gfx::feature_level_name(a.feature_level).c_str(), gfx::shader_model_name(a.shader_model).c_str(),
              a.tiled_resources_tier);
  for (const gfx::interface_support& i : a.interfaces)
    ImGui::TextColored(i.supported ? ImVec4{0.5f, 1, 0.5f, 1} : ImVec4{0.6f, 0.6f, 0.6f, 1}, "%s %s",
                       i.supported ? "yes" : "no ", i.name.c_str());
}

}  // namespace xe::sandbox::ui

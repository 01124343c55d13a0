#include "inspector/panels.h"
#include "inspector/ui_text.h"

namespace xe::sandbox::ui {

void draw_adapter(const gfx::adapter_info& a) {
  ImGui::Text("%s", a.name.c_str());
  ImGui::TextUnformatted(trf("runtime: {}"_t, a.runtime).c_str());
  ImGui::TextUnformatted(trf("feature level {}, shader model {}, tiled resources tier {}"_t,
                             gfx::feature_level_name(a.feature_level), gfx::shader_model_name(a.shader_model),
                             a.tiled_resources_tier)
                             .c_str());
  for (const gfx::interface_support& i : a.interfaces)
    ImGui::TextColored(i.supported ? ImVec4{0.5f, 1, 0.5f, 1} : ImVec4{0.6f, 0.6f, 0.6f, 1}, "%s %s",
                       i.supported ? tr("yes"_t) : tr("no"_t), i.name.c_str());
}

}  // namespace xe::sandbox::ui

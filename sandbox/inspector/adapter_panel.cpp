#include "inspector/panels.h"
#include "inspector/ui_text.h"

namespace xe::sandbox::ui {

namespace {
// "label: value", wrapped; the label is a name a lesson can point at.
void field(text_key label, const std::string& value) {
  ImGui::TextWrapped("%s: %s", tr(label), value.c_str());
  name_item(label, tr(label));
}
}  // namespace

void draw_adapter(const gfx::adapter_info& a) {
  ImGui::Text("%s", a.name.c_str());
  ImGui::TextUnformatted(trf("runtime: {}"_t, a.runtime).c_str());
  field("software adapter"_t,
        a.software ? tr("yes: a CPU rasteriser (lavapipe on Linux, WARP on Windows)"_t) : tr("no: a hardware GPU"_t));
  ImGui::TextUnformatted(trf("feature level {}, shader model {}, tiled resources tier {}"_t,
                             gfx::feature_level_name(a.feature_level), gfx::shader_model_name(a.shader_model),
                             a.tiled_resources_tier)
                             .c_str());
  // GetDescriptorHandleIncrementSize per heap type, in bytes (heap_type's order: rtv, dsv, cbv_srv_uav, sampler).
  const auto& size = a.descriptor_sizes;
  field("descriptor sizes"_t,
        fmt::format("CBV/SRV/UAV {} B, sampler {} B, RTV {} B, DSV {} B", size[2], size[3], size[0], size[1]));
  for (const gfx::interface_support& i : a.interfaces)
    ImGui::TextColored(i.supported ? ImVec4{0.5f, 1, 0.5f, 1} : ImVec4{0.6f, 0.6f, 0.6f, 1}, "%s %s",
                       i.supported ? tr("yes"_t) : tr("no"_t), i.name.c_str());
}

}  // namespace xe::sandbox::ui

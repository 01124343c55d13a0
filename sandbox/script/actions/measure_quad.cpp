// measure_quad: lesson 14's quad drawn into the engine's own target and compared texel by texel.
#include "graphics/lab.h"
#include "script/action.h"
#include "script/report.h"
#include "script/runner.h"

namespace xe::sandbox::actions {
namespace {

class measure_quad final : public action {
public:
  using action::action;
  result<void> run(action_runner& runner) const override {
    XE_TRY_ASSIGN(const gfx::lab::quad_measurement m, gfx::lab::measure_textured_quad(params().text("name")));
    const char* shows = m.texel_pixels == m.quad_pixels   ? "texture"
                        : m.clear_pixels == m.quad_pixels ? "nothing"
                                                          : "not the texture";
    runner.record(records_as(), {{"width", m.width},
                                 {"height", m.height},
                                 {"quad_pixels", m.quad_pixels},
                                 {"texel_pixels", m.texel_pixels},
                                 {"clear_pixels", m.clear_pixels},
                                 {"other_pixels", m.other_pixels},
                                 {"first_other", m.first_other},
                                 {"outside_pixels", m.outside_pixels},
                                 {"outside_clear", m.outside_clear},
                                 {"shows", shows},
                                 {"outside_is_clear", m.outside_clear == m.outside_pixels}});
    return {};
  }
  std::string report(const nlohmann::json& c, language lang) const override {
    using namespace report;
    const std::string shows = c.value("shows", std::string{});
    std::string out;
    if (shows == "texture")
      out = fact_line(textf(
          lang,
          "measured on this device: in the engine's own {}x{} target the quad shows the texture: {} of its {} pixels are the texel they sample"_t,
          c.at("width").dump(), c.at("height").dump(), c.at("texel_pixels").dump(), c.at("quad_pixels").dump()));
    else if (shows == "nothing")
      out = fact_line(textf(
          lang,
          "measured on this device: the quad drew nothing, all {} of its pixels are the clear colour; a D3D12 driver on Windows shows the texture here"_t,
          c.at("quad_pixels").dump()));
    else
      out = fact_line(textf(
          lang,
          "measured on this device: the quad was drawn, but not from the texture: {} of its {} pixels are not the texel they sample (the first is {}), so the texture never reached the pixel shader. Wine 8's vkd3d 1.6 does this on a Vulkan driver without VK_EXT_descriptor_indexing: it refuses SetGraphicsRootDescriptorTable, and what the shader reads is undefined. A D3D12 driver on Windows shows the texture here"_t,
          c.at("other_pixels").dump(), c.at("quad_pixels").dump(), list_text(c.at("first_other"))));
    out += fact_line(textf(lang, "around the quad {} of {} pixels are the clear colour"_t, c.at("outside_clear").dump(),
                           c.at("outside_pixels").dump()));
    return out;
  }
};

}  // namespace

extern const kind measure_quad_kind{
    .name = "measure_quad",
    .group = section::textures,
    .params = {{.name = "name", .type = param_type::text},
               {.name = "as", .type = param_type::text, .about = "a label"}},
    .summary =
        "lesson 14: whether descriptor-table sampling works on this device, measured: the quad with this "
        "texture drawn through the same root signature, descriptor and sampler into a 128×128 target of the "
        "engine's own (cleared to magenta, which neither pattern has; the quad the middle 64×64) on the "
        "immediate list, read back, each pixel compared with the texel it samples (`shows`: `texture` when "
        "every quad pixel is its texel, `nothing` when every one is still the clear colour, else `not the "
        "texture`; `first_other`: the RGB of the first pixel that is neither)",
    .records = {"width", "height", "quad_pixels", "texel_pixels", "clear_pixels", "other_pixels", "first_other",
                "outside_pixels", "outside_clear", "shows", "outside_is_clear"},
    .control = std::nullopt,
    .make = make<measure_quad>};

}  // namespace xe::sandbox::actions

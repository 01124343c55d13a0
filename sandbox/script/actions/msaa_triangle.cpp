// msaa_triangle: lesson 08's MSAA, the triangle drawn with N samples per pixel and resolved.
#include "graphics/lab.h"
#include "script/action.h"
#include "script/report.h"
#include "script/runner.h"

namespace xe::sandbox::actions {
namespace {

class msaa_triangle final : public action {
public:
  using action::action;
  result<void> run(action_runner& runner) const override {
    XE_TRY_ASSIGN(const gfx::lab::msaa_measurement m, gfx::lab::measure_msaa_triangle(params().integer("samples")));
    runner.record(records_as(), {{"samples", m.samples},
                                 {"quality_levels", m.quality_levels},
                                 {"resolved", m.resolved},
                                 {"width", m.width},
                                 {"height", m.height},
                                 {"covered_pixels", m.covered_pixels},
                                 {"partial_pixels", m.partial_pixels},
                                 {"empty_pixels", m.empty_pixels}});
    return {};
  }
  std::string report(const nlohmann::json& c, language lang) const override {
    using namespace report;
    return fact_line(textf(
        lang,
        "{} sample(s) per pixel{}: of the {}x{} pixels, {} covered, {} partly covered (alpha between 0 and 1), {} empty"_t,
        c.at("samples").dump(), c.at("resolved").get<bool>() ? text(lang, ", resolved"_t) : "", c.at("width").dump(),
        c.at("height").dump(), c.at("covered_pixels").dump(), c.at("partial_pixels").dump(),
        c.at("empty_pixels").dump()));
  }
};

}  // namespace

extern const kind msaa_triangle_kind{
    .name = "msaa_triangle",
    .group = section::textures,
    .params = {{.name = "samples", .type = param_type::integer, .min = 1, .max = 8},
               {.name = "as", .type = param_type::text, .about = "a label"}},
    .summary =
        "lesson 08: MSAA without a multisampled swap chain. The first triangle drawn on the immediate list into "
        "a 64×64 `R8G8B8A8_UNORM` texture of the engine's own with `samples` (1, 2, 4 or 8) samples per pixel, "
        "cleared to transparent black; with more than one, resolved (`ResolveSubresource`) into a single-sample "
        "texture, as into a back buffer; read back. `samples` is read from the texture; `partial_pixels` counts "
        "pixels whose alpha lies between 0 and 1, which only a resolve of partly covered pixels gives",
    .records = {"samples", "quality_levels", "resolved", "width", "height", "covered_pixels", "partial_pixels",
                "empty_pixels"},
    .control = std::nullopt,
    .make = make<msaa_triangle>};

}  // namespace xe::sandbox::actions

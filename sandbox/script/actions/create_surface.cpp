// create_surface: a new surface (a window when not headless), in the newest freed slot.
#include "script/action.h"
#include "script/report.h"
#include "script/runner.h"

namespace xe::sandbox::actions {
namespace {

class create_surface final : public action {
public:
  create_surface(u32 width, u32 height, std::string as) : _width{width}, _height{height}, _as{std::move(as)} {}
  result<void> run(action_runner& runner) const override {
    XE_TRY_ASSIGN(const u32 slot, runner.host().create_surface(_width, _height));
    if (!_as.empty()) runner.record(_as, {{"slot", slot}});
    return {};
  }
  std::string_view records_as() const override { return _as; }
  std::string report(const nlohmann::json& c, language lang) const override {
    return report::fact_line(textf(lang, "the new surface took slot {}"_t, c.at("slot").dump()));
  }
  std::optional<std::string> not_a_control() const override {
    if (_width == 640 && _height == 360) return std::nullopt;
    return "Open window opens a 640x360 window";
  }
  std::string control_name(language lang) const override { return text(lang, "Open window"_t); }

private:
  u32 _width, _height;
  std::string _as;
};

}  // namespace

extern const kind create_surface_kind{
    .name = "create_surface",
    .group = section::surfaces,
    .params = {{.name = "width", .type = param_type::integer, .min = 1, .max = max_extent},
               {.name = "height", .type = param_type::integer, .min = 1, .max = max_extent},
               {.name = "as", .type = param_type::text, .required = false, .about = "a label"}},
    .summary = "a new surface (a window when not headless); takes the newest freed slot",
    .records = {"slot"},
    .control = "Open window"_t,
    .make = [](const args& a) -> result<std::unique_ptr<const action>> {
      return std::make_unique<create_surface>(a.integer("width"), a.integer("height"), a.text("as"));
    }};

}  // namespace xe::sandbox::actions

// create_quad_root_signature: lesson 14's root signature, and what it was made from.
#include "graphics/lab.h"
#include "script/action.h"
#include "script/report.h"
#include "script/runner.h"

namespace xe::sandbox::actions {
namespace {

class create_quad_root_signature final : public action {
public:
  using action::action;
  result<void> run(action_runner& runner) const override {
    XE_TRY_ASSIGN(const gfx::lab::quad_root_signature_info info, gfx::lab::create_quad_root_signature());
    runner.record(records_as(), {{"name", info.name},
                                 {"parameters", info.parameters},
                                 {"parameter_type", info.parameter_type},
                                 {"range_type", info.range_type},
                                 {"range_descriptors", info.range_descriptors},
                                 {"range_register", info.range_register},
                                 {"visibility", info.visibility},
                                 {"static_samplers", info.static_samplers},
                                 {"sampler_filter", info.sampler_filter},
                                 {"sampler_address", info.sampler_address},
                                 {"sampler_register", info.sampler_register},
                                 {"input_assembler", info.input_assembler}});
    return {};
  }
  std::string report(const nlohmann::json& c, language lang) const override {
    using namespace report;
    return fact_line(textf(
        lang,
        "{}: {} root parameter(s), a {} of {} {} (t{}) for the {} shader; {} static sampler(s) (s{}, {}, {}); input assembler allowed: {}"_t,
        value_text(c.at("name")), c.at("parameters").dump(), value_text(c.at("parameter_type")),
        c.at("range_descriptors").dump(), value_text(c.at("range_type")), c.at("range_register").dump(),
        value_text(c.at("visibility")), c.at("static_samplers").dump(), c.at("sampler_register").dump(),
        value_text(c.at("sampler_filter")), value_text(c.at("sampler_address")),
        yes_no(c.at("input_assembler").get<bool>(), lang)));
  }
};

}  // namespace

extern const kind create_quad_root_signature_kind{
    .name = "create_quad_root_signature",
    .group = section::textures,
    .params = {{.name = "as", .type = param_type::text, .about = "a label"}},
    .summary =
        "lesson 14: the textured quad's root signature, created by the pipeline library if it does not exist "
        "yet (`root signature: textured quad`): one descriptor table of one SRV range (t0) for the pixel "
        "shader, one static sampler (s0, point filtering, clamp), the input assembler allowed; it records what "
        "it was created from",
    .records = {"name", "parameters", "parameter_type", "range_type", "range_descriptors", "range_register",
                "visibility", "static_samplers", "sampler_filter", "sampler_address", "sampler_register",
                "input_assembler"},
    .control = std::nullopt,
    .make = make<create_quad_root_signature>};

}  // namespace xe::sandbox::actions

// wiki_handle: 7.6's allocate() and free(handle) on a heap of the wiki's model, the handle as
// 7.6 fills it (lab.h's wiki_allocate_and_free).
#include "graphics/lab.h"
#include "script/action.h"
#include "script/report.h"
#include "script/runner.h"

namespace xe::sandbox::actions {
namespace {

class wiki_handle final : public action {
public:
  using action::action;
  result<void> run(action_runner& runner) const override {
    XE_TRY_ASSIGN(const u32 heap, gfx::lab::find_heap(params().text("heap")));
    XE_TRY_ASSIGN(const gfx::lab::wiki_handle_report r, gfx::lab::wiki_allocate_and_free(heap));
    runner.record(records_as(), {{"taken", r.taken},
                                 {"handle_index", r.handle_index},
                                 {"cpu_offset", r.cpu_offset},
                                 {"gpu", r.gpu},
                                 {"shader_visible", r.shader_visible},
                                 {"wrapped_offset", r.wrapped_offset},
                                 {"free_stopped", r.free_stopped}});
    return {};
  }
  std::string report(const nlohmann::json& c, language lang) const override {
    using namespace report;
    return fact_line(textf(
               lang,
               "allocate() took index {} from the stack; the handle it returned says index {}, GPU address {}, CPU address {} bytes into the heap"_t,
               c.at("taken").dump(), c.at("handle_index").dump(), c.at("gpu").dump(), c.at("cpu_offset").dump())) +
           (c.at("free_stopped").get_ref<const std::string&>().empty()
                ? std::string{}
                : fact_line(textf(
                      lang,
                      "free() would queue index {}; handed out again, it lies {} bytes past the heap's start: stopped"_t,
                      c.at("handle_index").dump(), c.at("wrapped_offset").dump())));
  }
};

}  // namespace

extern const kind wiki_handle_kind{
    .name = "wiki_handle",
    .group = section::descriptors,
    .params = {{.name = "heap", .type = param_type::text, .about = "a heap of the wiki's model"},
               {.name = "as", .type = param_type::text, .about = "a label"}},
    .summary =
        "7.6's `allocate()` then `free(handle)`, the handle as 7.6 fills it (its CPU address only): `taken` is the "
        "index popped, `handle_index` what `free()` reads; the free of an index never set is stopped as the heap's "
        "fault (`free_stopped`; `wrapped_offset`: the u32 offset 7.6 would compute for it) and `taken` stays "
        "allocated",
    .records = {"taken", "handle_index", "cpu_offset", "gpu", "shader_visible", "wrapped_offset", "free_stopped"},
    .control = std::nullopt,
    .make = make<wiki_handle>};

}  // namespace xe::sandbox::actions

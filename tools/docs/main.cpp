// The documentation generated from the code's own declarations, so the two cannot drift:
//   README.md           the option table, from the command line's one declaration (app/cli.cpp)
//   docs/scripts.md     the action table, from the action units (script/actions/)
//   docs/lesson.schema.json  the names an action's "do" may take, from the same table
// xe-docs --check ROOT: exit 1 naming each stale part; xe-docs --write ROOT: rewrite them.
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include <spdlog/fmt/fmt.h>

#include "app/cli.h"
#include "io/files.h"
#include "script/action.h"

namespace {

using namespace xe::sandbox;

int fail(const std::string& message, int code) {
  std::fprintf(stderr, "xe-docs: %s\n", message.c_str());
  return code;
}

std::string with_thousands(xe::u64 n) {
  std::string digits = std::to_string(n), out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

// "`count` (1–1,000,000, default 1)", "`as` (optional: a label)".
std::string param_text(const actions::param& p) {
  using actions::param_type;
  std::vector<std::string> notes;
  if (p.type == param_type::integer) notes.push_back(with_thousands(p.min) + "–" + with_thousands(p.max));
  if (p.type == param_type::choice) {
    std::string choices;
    for (size_t i = 0; i < p.choices.size(); ++i)
      choices += fmt::format("{}`{}`", i == 0 ? "" : i + 1 == p.choices.size() ? " or " : ", ", p.choices[i]);
    notes.push_back(choices);
  }
  if (p.type == param_type::boolean) notes.emplace_back("`true` or `false`");
  if (*p.about) notes.emplace_back(p.about);
  if (!p.required)
    notes.push_back(
        p.fallback.is_null()
            ? std::string{"optional"}
            : fmt::format("default `{}`", p.fallback.is_string() ? p.fallback.get<std::string>() : p.fallback.dump()));
  std::string out = fmt::format("`{}`", p.name);
  if (!notes.empty()) out += " (" + fmt::format("{}", fmt::join(notes, "; ")) + ")";
  return out;
}

std::string escaped(std::string text) {  // a Markdown table cell: | would end it
  for (size_t at = 0; (at = text.find('|', at)) != std::string::npos; at += 2) text.replace(at, 1, "\\|");
  return text;
}

std::string action_table() {
  std::string out = "| action | parameters | what it does |\n|---|---|---|\n";
  for (xe::u8 s = 0; s <= static_cast<xe::u8>(actions::section::outputs); ++s) {
    const auto group = static_cast<actions::section>(s);
    out += fmt::format("| **{}** | | |\n", actions::to_string(group));
    for (const actions::kind* k : actions::kinds()) {
      if (k->group != group) continue;
      std::vector<std::string> params;
      for (const actions::param& p : k->params) params.push_back(param_text(p));
      std::string what = k->summary;
      if (!k->records.empty()) {
        std::string fields;
        for (const char* f : k->records) fields += (fields.empty() ? "" : ", ") + std::string{f};
        what += fmt::format(". Records `{{{}}}` under `/checks/AS`", fields);
      }
      if (k->control) what += fmt::format(". The Controls panel's *{}* makes it", k->control->english);
      out += fmt::format("| `{}` | {} | {} |\n", k->name, escaped(fmt::format("{}", fmt::join(params, ", "))),
                         escaped(what));
    }
  }
  return out;
}

std::string schema_names() {
  std::string out = "\"do\": {\"enum\": [";
  bool first = true;
  for (const actions::kind* k : actions::kinds()) {
    out += fmt::format("{}\"{}\"", first ? "" : ", ", k->name);
    first = false;
  }
  return out + "]}";
}

// A part of a file between two markers (the markers stay), or the span of one JSON member.
struct generated_part {
  const char* file;
  std::string begin;  // the text before the part
  std::string end;    // the text after it
  std::string content;
};

int update(const std::string& root, const generated_part& part, bool write) {
  const std::string path = root + "/" + part.file;
  auto text = read_regular_file(path, 4 << 20, "documentation file");
  if (!text) return fail(text.error_value().reason, 2);
  const size_t begin = text->find(part.begin);
  const size_t first = begin == std::string::npos ? begin : begin + part.begin.size();
  const size_t end = first == std::string::npos ? first : text->find(part.end, first);
  if (end == std::string::npos)
    return fail(fmt::format("{} has no generated part between \"{}\" and \"{}\"", path, part.begin, part.end), 2);
  if (text->compare(first, end - first, part.content) == 0) return 0;
  if (!write)
    return fail(fmt::format("{} is stale: run xe-docs --write {} (it should read:\n{})", path, root, part.content), 1);
  text->replace(first, end - first, part.content);
  if (auto written = write_file_atomic(path, *text); !written) return fail(written.error_value().reason, 1);
  std::printf("rewrote %s\n", path.c_str());
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string mode = argc == 3 ? argv[1] : "";
  if (mode != "--check" && mode != "--write") return fail("usage: xe-docs --check|--write SOURCE_ROOT", 2);
  const generated_part parts[] = {
      {"README.md", "<!-- options: generated from sandbox/app/cli.cpp by xe-docs -->\n", "<!-- end of options -->",
       options_markdown()},
      {"docs/scripts.md", "<!-- actions: generated from sandbox/script/actions/ by xe-docs -->\n",
       "<!-- end of actions -->", action_table()},
      {"docs/lesson.schema.json",
       "\"action\": {\n      \"type\": \"object\",\n      \"required\": [\"do\"],\n      \"properties\": {\n        ",
       "\n      },\n      \"description\": \"parameters per action", schema_names()},
  };
  int status = 0;
  for (const generated_part& part : parts)
    if (const int r = update(argv[2], part, mode == "--write"); r > status) status = r;
  return status;
}

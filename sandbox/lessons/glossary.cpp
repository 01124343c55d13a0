#include "lessons/glossary.h"

#include <algorithm>
#include <map>
#include <regex>

#include "lessons/lesson_json.h"
#include "lessons/wiki_sections.h"

namespace xe::sandbox {

using nlohmann::json;
using namespace lesson_json;

namespace {

char lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

std::string lowered(std::string_view s) {
  std::string out{s};
  for (char& c : out) c = lower(c);
  return out;
}

// ASCII letters, digits and '_'; the bytes of a UTF-8 sequence are not.
bool identifier_char(char c) {
  const auto u = static_cast<unsigned char>(c);
  return (u >= '0' && u <= '9') || (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || u == '_';
}

enum class spelling : u8 { anywhere, words, code };

struct mention {
  size_t at;
  size_t length;
  const glossary_term* term;
};

// Every mention of form in text. Words: any case, whole words, an optional plural s. Code:
// exact case, whole identifiers, an optional plural s (RTVs). Anywhere: as it is, anywhere.
void find_mentions(std::string_view text, std::string_view form, spelling kind, const glossary_term* term,
                   std::vector<mention>& out) {
  if (form.empty()) return;
  const std::string haystack = kind == spelling::words ? lowered(text) : std::string{text};
  const std::string needle = kind == spelling::words ? lowered(form) : std::string{form};
  for (size_t at = haystack.find(needle); at != std::string::npos; at = haystack.find(needle, at + 1)) {
    size_t end = at + needle.size();
    if (kind != spelling::anywhere) {
      if (at > 0 && identifier_char(haystack[at - 1]) && identifier_char(needle.front())) continue;
      if (end < haystack.size() && haystack[end] == 's' &&
          (end + 1 == haystack.size() || !identifier_char(haystack[end + 1])))
        ++end;  // a plural
      if (end < haystack.size() && identifier_char(haystack[end]) && identifier_char(needle.back())) continue;
    }
    out.push_back({at, end - at, term});
  }
}

// Plurals find_mentions' final "s" does not cover: a word + "es" ("descritor" ->
// "descritores") and, for a term of several words, its first word's plural ("fila de
// comandos" -> "filas de comandos", "heap de descritores" -> "heaps de descritores").
std::vector<std::string> other_plurals(std::string_view form) {
  const size_t space = form.find(' ');
  if (space == std::string_view::npos) return {std::string{form} + "es"};
  const std::string_view first = form.substr(0, space), rest = form.substr(space);
  return {std::string{first} + "s" + std::string{rest}, std::string{first} + "es" + std::string{rest}};
}

glossary read_glossary(const json& doc, const wiki_sections* sections) {
  if (!doc.is_object()) fail("a glossary is a JSON object {\"terms\": [...]}");
  only_keys(doc, {"$schema", "terms"}, "/");
  const json& list = require(doc, "terms", "/");
  if (!list.is_array() || list.empty()) fail("/terms must be a non-empty array");
  static const std::regex id_pattern{"^[a-z0-9]+(-[a-z0-9]+)*$"};
  glossary out;
  for (size_t i = 0; i < list.size(); ++i) {
    std::string where = fmt::format("/terms/{}", i);
    const json& entry = list[i];
    if (!entry.is_object()) fail(where + ": expected an object {\"id\", \"term\", \"definition\", ...}");
    only_keys(entry, {"id", "term", "also", "definition", "see", "wiki"}, where);
    glossary_term t;
    t.id = read_string(entry, "id", where);
    if (!std::regex_match(t.id, id_pattern))
      fail(fmt::format("{}: id '{}' must be lower-case words joined by '-'", where, brief_text(t.id, 40)));
    where += fmt::format(" ('{}')", t.id);
    if (out.find(t.id)) fail(fmt::format("{}: the id is used twice", where));
    t.term = read_text(entry, "term", where);
    t.also.resize(languages().size());
    if (auto also = entry.find("also"); also != entry.end()) {
      if (!also->is_object())
        fail(fmt::format("{}: 'also' must be an object of spellings by language ({}) and \"code\"", where,
                         language_codes()));
      for (const auto& [key, value] : also->items()) {
        const std::string here = fmt::format("{}: also/{}", where, brief_text(key, 40));
        if (key == "code")
          t.code = read_strings(value, here);
        else if (const std::optional<language> lang = language::from_code(key))
          t.also[lang->index()] = read_strings(value, here);
        else
          fail(fmt::format("{}: neither a language of the catalogue ({}) nor \"code\"", here, language_codes()));
      }
    }
    t.definition = read_text(entry, "definition", where);
    if (auto v = entry.find("see"); v != entry.end()) t.see = read_strings(*v, where + ": see");
    if (auto v = entry.find("wiki"); v != entry.end()) t.wiki = read_strings(*v, where + ": wiki");
    if (sections)
      for (const std::string& s : t.wiki)
        if (!sections->find(s)) fail(fmt::format("{}: wiki section '{}' is not in {}", where, s, sections->source));
    out.terms.push_back(std::move(t));
  }
  // References resolve, and no spelling names two terms (a step's mention would be ambiguous).
  std::map<std::string, std::string> spelt;  // spelling (English and code lower-cased) -> term id
  for (const glossary_term& t : out.terms) {
    for (const std::string& s : t.see) {
      if (s == t.id) fail(fmt::format("term '{}': 'see' names the term itself", t.id));
      if (!out.find(s)) fail(fmt::format("term '{}': 'see' names '{}', which is not in the glossary", t.id, s));
    }
    std::vector<std::string> spellings;
    for (language lang : languages()) {
      const auto form = [&](const std::string& s) { return lang.cjk() ? s : lowered(s); };
      spellings.push_back(form(t.term.in(lang)));
      for (const auto& s : t.also_in(lang)) spellings.push_back(form(s));
    }
    for (const auto& s : t.code) spellings.push_back(lowered(s));
    std::sort(spellings.begin(), spellings.end());
    spellings.erase(std::unique(spellings.begin(), spellings.end()), spellings.end());
    for (const std::string& s : spellings) {
      auto [it, fresh] = spelt.emplace(s, t.id);
      if (!fresh) fail(fmt::format("terms '{}' and '{}' are both spelt '{}'", it->second, t.id, s));
    }
  }
  return out;
}

}  // namespace

const std::vector<std::string>& glossary_term::also_in(language lang) const {
  static const std::vector<std::string> none;
  return lang.index() < also.size() ? also[lang.index()] : none;
}

const glossary_term* glossary::find(std::string_view id) const {
  for (const glossary_term& t : terms)
    if (t.id == id) return &t;
  return nullptr;
}

std::vector<const glossary_term*> glossary::terms_in(std::string_view text, language lang) const {
  std::vector<mention> found;
  for (const glossary_term& t : terms) {
    const spelling words = lang.cjk() ? spelling::anywhere : spelling::words;
    const auto find_word = [&](const std::string& form) {
      find_mentions(text, form, words, &t, found);
      if (words == spelling::words)
        for (const std::string& plural : other_plurals(form)) find_mentions(text, plural, words, &t, found);
    };
    find_word(t.term.in(lang));
    for (const std::string& s : t.also_in(lang)) find_word(s);
    for (const std::string& s : t.code) find_mentions(text, s, spelling::code, &t, found);
  }
  std::sort(found.begin(), found.end(),
            [](const mention& a, const mention& b) { return a.at != b.at ? a.at < b.at : a.length > b.length; });
  std::vector<const glossary_term*> out;
  size_t covered = 0;  // text before this is taken by an earlier, longer mention
  for (const mention& m : found) {
    if (m.at < covered) continue;
    covered = m.at + m.length;
    if (std::find(out.begin(), out.end(), m.term) == out.end()) out.push_back(m.term);
  }
  return out;
}

std::vector<const glossary_term*> glossary::search(std::string_view query, language lang) const {
  std::string q = lowered(query);
  q.erase(0, q.find_first_not_of(' '));
  q.erase(q.find_last_not_of(' ') + 1);
  std::vector<std::pair<int, const glossary_term*>> ranked;
  for (const glossary_term& t : terms) {
    int rank = 3;
    const auto consider = [&](const std::string& spelling) {
      const size_t at = lowered(spelling).find(q);
      if (at != std::string::npos) rank = std::min(rank, at == 0 ? 0 : 1);
    };
    for (language each : languages()) {
      consider(t.term.in(each));
      for (const auto& s : t.also_in(each)) consider(s);
    }
    for (const auto& s : t.code) consider(s);
    if (rank == 3 && lowered(t.definition.in(lang)).find(q) != std::string::npos) rank = 2;
    if (rank < 3) ranked.emplace_back(rank, &t);
  }
  std::stable_sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<const glossary_term*> out;
  for (const auto& [rank, term] : ranked) out.push_back(term);
  return out;
}

result<glossary> parse_glossary(std::string_view text, std::string_view source, const wiki_sections* sections,
                                const json_limits& limits) {
  XE_TRY_ASSIGN(auto doc, parse_json(text, fmt::format("glossary '{}'", source), limits));
  auto read =
      read_document<glossary>(doc, "glossary", source, [&](const json& d) { return read_glossary(d, sections); });
  if (read) read->source = std::string{source};
  return read;
}

result<glossary> load_glossary(const std::filesystem::path& file, const wiki_sections* sections) {
  XE_TRY_ASSIGN(auto doc, read_json_file(file, "glossary", document_limits));
  auto read = read_document<glossary>(doc, "glossary", file.string(),
                                      [&](const json& d) { return read_glossary(d, sections); });
  if (read) read->source = file.string();
  return read;
}

}  // namespace xe::sandbox

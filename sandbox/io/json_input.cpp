#include "io/json_input.h"

#include <charconv>
#include <vector>

#include <spdlog/fmt/fmt.h>
#include <utf8cpp/utf8.h>

#include "io/files.h"

namespace xe::sandbox {

using nlohmann::json;

std::string pointer_token(std::string_view key) {
  std::string out;
  out.reserve(key.size());
  for (char c : key) {
    if (c == '~')
      out += "~0";
    else if (c == '/')
      out += "~1";
    else
      out += c;
  }
  return out;
}

std::vector<std::string> pointer_tokens(json::json_pointer pointer) {
  std::vector<std::string> tokens;
  for (; !pointer.empty(); pointer.pop_back()) tokens.push_back(pointer.back());
  return {tokens.rbegin(), tokens.rend()};
}

std::optional<u64> array_token_index(std::string_view token) {
  if (token.empty() || (token.size() > 1 && token[0] == '0')) return std::nullopt;
  u64 index = 0;
  const auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), index);
  if (ec != std::errc{} || end != token.data() + token.size()) return std::nullopt;
  return index;
}

const json* find_at(const json& document, const json::json_pointer& pointer) {
  const json* at = &document;
  for (const std::string& token : pointer_tokens(pointer)) {
    if (at->is_object()) {
      const auto it = at->find(token);
      if (it == at->end()) return nullptr;
      at = &*it;
    } else if (at->is_array()) {
      const std::optional<u64> index = array_token_index(token);
      if (!index || *index >= at->size()) return nullptr;
      at = &(*at)[static_cast<size_t>(*index)];
    } else {
      return nullptr;
    }
  }
  return at;
}

namespace {

// Builds the document like nlohmann's own DOM parser, and stops at the first value nested
// too deep or the first repeated key. The parser itself never recurses.
class capped_builder {
public:
  capped_builder(json& root, u32 max_depth) : _root{root}, _max_depth{max_depth} {}

  bool null() { return add(nullptr); }
  bool boolean(bool v) { return add(v); }
  bool number_integer(json::number_integer_t v) { return add(v); }
  bool number_unsigned(json::number_unsigned_t v) { return add(v); }
  bool number_float(json::number_float_t v, const std::string&) { return add(v); }
  bool string(std::string& v) { return add(std::move(v)); }
  bool binary(json::binary_t& v) { return add(std::move(v)); }
  bool start_object(std::size_t) { return open(json::value_t::object); }
  bool start_array(std::size_t) { return open(json::value_t::array); }
  bool end_object() { return close(); }
  bool end_array() { return close(); }
  bool key(std::string& k) {
    json& object = *_stack.back();
    if (object.contains(k)) {
      _error = fmt::format("duplicate key \"{}\" in {}", brief_text(k), path(_stack.size()));
      return false;
    }
    _keys.back() = k;
    _pending = &object[k];
    return true;
  }
  bool parse_error(std::size_t, const std::string&, const json::exception& e) {
    std::string what = e.what();
    // "[json.exception.parse_error.101] parse error at line 1, column 2: ..." → "line 1, column 2: ..."
    if (const auto at = what.find("parse error at "); at != std::string::npos)
      what = what.substr(at + 15);
    else if (const auto bracket = what.find("] "); bracket != std::string::npos)
      what = what.substr(bracket + 2);
    _error = "is not valid JSON: " + printable_text(what);  // it quotes the input's bytes
    return false;
  }

  const std::string& error() const { return _error; }

private:
  template <typename V>
  json* place(V&& value) {
    if (_stack.empty()) {
      _root = json(std::forward<V>(value));
      return &_root;
    }
    json& parent = *_stack.back();
    if (parent.is_array()) {
      parent.emplace_back(std::forward<V>(value));
      return &parent.back();
    }
    *_pending = json(std::forward<V>(value));
    return _pending;
  }
  template <typename V>
  bool add(V&& value) {
    place(std::forward<V>(value));
    return true;
  }
  bool open(json::value_t type) {
    if (_stack.size() >= _max_depth) {
      _error = fmt::format("nests deeper than {} levels (at {})", _max_depth, next_path());
      return false;
    }
    _stack.push_back(place(type));
    _keys.emplace_back();
    return true;
  }
  bool close() {
    _stack.pop_back();
    _keys.pop_back();
    return true;
  }
  // The pointer to _stack[levels - 1] ("/" for the outermost container).
  std::string path(size_t levels) const {
    std::string out;
    for (size_t i = 0; i + 1 < levels; ++i) {
      const json& c = *_stack[i];  // _stack[i + 1] is its last element, or the value of _keys[i]
      out += "/" + (c.is_array() ? std::to_string(c.size() - 1) : pointer_token(brief_text(_keys[i])));
    }
    return out.empty() ? "/" : out;
  }
  // The pointer to the value about to be added to the innermost container.
  std::string next_path() const {
    if (_stack.empty()) return "/";
    const json& c = *_stack.back();
    const std::string base = _stack.size() == 1 ? "" : path(_stack.size());
    return base + "/" + (c.is_array() ? std::to_string(c.size()) : pointer_token(brief_text(_keys.back())));
  }
  static std::string brief_text(const std::string& s) { return sandbox::brief_text(s, 40); }

  json& _root;
  u32 _max_depth;
  std::vector<json*> _stack;
  std::vector<std::string> _keys;  // per open object: the key whose value is being built
  json* _pending{nullptr};
  std::string _error;
};

void brief_into(const json& v, std::string& out, size_t budget) {
  if (out.size() > budget) return;
  switch (v.type()) {
    case json::value_t::array: {
      out += '[';
      bool first = true;
      for (const json& e : v) {
        if (out.size() > budget) {
          out += ",...";
          break;
        }
        if (!first) out += ',';
        first = false;
        brief_into(e, out, budget);
      }
      out += ']';
      return;
    }
    case json::value_t::object: {
      out += '{';
      bool first = true;
      for (auto it = v.begin(); it != v.end(); ++it) {
        if (out.size() > budget) {
          out += ",...";
          break;
        }
        if (!first) out += ',';
        first = false;
        out += json(it.key()).dump(-1, ' ', false, json::error_handler_t::replace);
        out += ':';
        brief_into(it.value(), out, budget);
      }
      out += '}';
      return;
    }
    default: out += v.dump(-1, ' ', false, json::error_handler_t::replace);
  }
}

}  // namespace

namespace {

// Calls each(code point, bytes) per UTF-8 character of text, or each(invalid, one byte) for a
// byte that starts none.
constexpr char32_t invalid_byte = 0xFFFF'FFFF;
template <typename Each>
void for_each_character(std::string_view text, Each each) {
  for (auto it = text.begin(); it != text.end();) {
    auto next = it;
    try {
      const char32_t c = utf8::next(next, text.end());
      each(c, std::string_view{&*it, static_cast<size_t>(next - it)});
      it = next;
    } catch (const utf8::exception&) {
      each(invalid_byte, std::string_view{&*it, 1});
      ++it;
    }
  }
}

bool is_control(char32_t c) { return c < 0x20 || (c >= 0x7F && c <= 0x9F); }

}  // namespace

std::string printable_text(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for_each_character(text, [&](char32_t c, std::string_view bytes) {
    if (c == invalid_byte)
      out += fmt::format("\\x{:02X}", static_cast<unsigned char>(bytes[0]));
    else if (is_control(c))
      out += fmt::format("\\u{:04X}", static_cast<u32>(c));
    else
      out += bytes;
  });
  return out;
}

bool has_control_characters(std::string_view text) {
  bool found = false;
  for_each_character(text, [&](char32_t c, std::string_view) { found = found || c == invalid_byte || is_control(c); });
  return found;
}

std::string brief_text(std::string_view text, size_t max_chars) {
  if (text.size() <= max_chars + 3) return printable_text(text);
  size_t cut = max_chars;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;  // not inside UTF-8
  return printable_text(text.substr(0, cut)) + "...";
}

std::string brief(const json& value, size_t max_chars) {
  std::string out;
  brief_into(value, out, max_chars);
  return brief_text(out, max_chars);
}

result<json> parse_json(std::string_view text, std::string_view label, const json_limits& limits) {
  if (text.size() > limits.max_bytes)
    return make_error(errc::parse, fmt::format("{} is {} bytes, more than the limit of {} bytes", label, text.size(),
                                               limits.max_bytes));
  // The JSON reader takes a NUL for the end of the input and would accept whatever follows.
  if (const size_t nul = text.find('\0'); nul != std::string_view::npos)
    return make_error(errc::parse, fmt::format("{} is not valid JSON: a NUL byte at offset {}", label, nul));
  json document;
  capped_builder builder{document, limits.max_depth};
  bool ok = false;
  try {
    ok = json::sax_parse(text, &builder, json::input_format_t::json, true);
  } catch (const json::exception& e) {  // the builder returns errors; this is belt and braces
    return make_error(errc::parse, fmt::format("{} is not valid JSON: {}", label, e.what()));
  }
  if (!ok) {
    const std::string& why = builder.error();
    const bool sentence = why.rfind("is ", 0) == 0 || why.rfind("nests ", 0) == 0;
    return make_error(errc::parse,
                      fmt::format("{}{}{}", label, sentence ? " " : ": ", why.empty() ? "is not valid JSON" : why));
  }
  return document;
}

result<json> read_json_file(const std::filesystem::path& path, std::string_view what, const json_limits& limits) {
  XE_TRY_ASSIGN(auto text, read_regular_file(path, limits.max_bytes, what));
  return parse_json(text, fmt::format("{} '{}'", what, path.string()), limits);
}

}  // namespace xe::sandbox

#pragma once
// The one way JSON comes in: scripts, lessons, snapshots and settings (docs/scripts.md,
// "Files"). Regular files only, a size cap, a nesting cap, duplicate keys refused, and
// messages that never dump a whole document.
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/result.h"

namespace xe::sandbox {

struct json_limits {
  u64 max_bytes{};
  u32 max_depth{};  // arrays and objects inside each other; the outermost is level 1
};
// Scripts, lessons and settings: hand-written files of a few kilobytes.
constexpr json_limits document_limits{4u << 20, 64};
// Snapshots: a full 1,000,000-descriptor heap adds about 25 MB.
constexpr json_limits snapshot_limits{128u << 20, 64};

// Parses text within limits. label names the input in messages ("script 'a.json'").
// Every error is errc::parse: "LABEL is not valid JSON: line L, column C: ...",
// "LABEL nests deeper than N levels (at /POINTER)", "LABEL: duplicate key "K" in /POINTER",
// "LABEL is N bytes, more than the limit of M bytes".
result<nlohmann::json> parse_json(std::string_view text, std::string_view label, const json_limits& limits);
// read_regular_file, then parse_json with label "WHAT 'PATH'". A file that cannot be read
// (missing, a folder, a FIFO, a device) is errc::io.
result<nlohmann::json> read_json_file(const std::filesystem::path& path, std::string_view what,
                                      const json_limits& limits);

// A value as it reads in a message: its JSON text, cut after about max_chars with "...".
// Never throws, whatever the nesting or the strings' encoding.
std::string brief(const nlohmann::json& value, size_t max_chars = 80);
// A string as it reads in a message: cut after about max_chars with "...", and safe for a
// terminal (printable_text).
std::string brief_text(std::string_view text, size_t max_chars = 80);
// Text from a file as it may reach a terminal or a log: control characters (U+0000..U+001F,
// U+007F, U+0080..U+009F: escape sequences among them) as \u00XX, bytes that are not UTF-8
// as \xXX; everything else as it is.
std::string printable_text(std::string_view text);
// Whether text holds a character printable_text would escape.
bool has_control_characters(std::string_view text);
// One JSON Pointer reference token, escaped ("a/b" → "a~1b").
std::string pointer_token(std::string_view key);
// A pointer's reference tokens, unescaped, outermost first.
std::vector<std::string> pointer_tokens(nlohmann::json::json_pointer pointer);

// The value a pointer names in document, or null when it names none. Never throws: use it
// wherever a user-written pointer meets a document (json's contains() and at() throw on an
// array index of 2^64 - 1 or more). An array index is "0" or digits without a leading zero.
const nlohmann::json* find_at(const nlohmann::json& document, const nlohmann::json::json_pointer& pointer);
// The index an array token names, or nullopt when it names none (RFC 6901's syntax, within
// u64).
std::optional<u64> array_token_index(std::string_view token);
// What a pointer through a list reads of it, given the pointer's token after the list: the
// element it names alone, in an object under that token (find_at reads "/list/K" from it as
// from the whole list), or an empty object when it names none. Reading one element of a
// long list then copies and converts one element, not the K before it.
template <typename List, typename Convert>
nlohmann::json element_of(const std::string& token, const List& list, Convert convert) {
  nlohmann::json one = nlohmann::json::object();
  if (const std::optional<u64> index = array_token_index(token); index && *index < list.size())
    one[token] = convert(list[static_cast<size_t>(*index)]);
  return one;
}

}  // namespace xe::sandbox

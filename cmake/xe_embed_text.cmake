# Writes OUT, a C++ file holding each of FILES (';'-separated) as bytes: the text catalogue
# (sandbox/text/text.cpp reads it). Run by a custom command whenever a file changes.
set(_body "")
set(_views "")
set(_count 0)
foreach(_file IN LISTS FILES)
  file(READ ${_file} _hex HEX)
  string(LENGTH "${_hex}" _chars)
  math(EXPR _bytes "${_chars} / 2")
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "'\\\\x\\1'," _list "${_hex}")
  string(APPEND _body "const char file_${_count}[] = {${_list}};\n")
  string(APPEND _views "    {file_${_count}, ${_bytes}},\n")
  math(EXPR _count "${_count} + 1")
endforeach()
file(WRITE ${OUT}.tmp "// Generated from assets/text/*.json by cmake/xe_embed_text.cmake: do not edit.
#include <cstddef>
#include <string_view>

namespace xe::sandbox::detail {
namespace {
${_body}}  // namespace
extern const std::string_view text_catalogue_files[] = {
${_views}};
extern const size_t text_catalogue_file_count = ${_count};
}  // namespace xe::sandbox::detail
")
file(COPY_FILE ${OUT}.tmp ${OUT} ONLY_IF_DIFFERENT)
file(REMOVE ${OUT}.tmp)

#pragma once
// Text in both of the learner's languages: Simplified Chinese and English.
#include <string>

#include "common/types.h"

namespace xe::sandbox {

enum class language : u8 { zh, en };
const char* to_string(language l);

struct bilingual {
  std::string zh;
  std::string en;
  const std::string& in(language l) const { return l == language::zh ? zh : en; }
};

}  // namespace xe::sandbox

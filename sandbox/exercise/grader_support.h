#pragma once
// Small pieces every grader uses.
#include <optional>
#include <string>

#include "exercise/grader.h"

namespace xe::grade {

inline std::string index_text(u32 v) { return v == 0xffff'ffffu ? std::string{"invalid_index"} : std::to_string(v); }

// The learner's code threw (the glue caught it and kept the message).
inline std::optional<failure> threw(run_context& ctx, const char* error, const std::string& call) {
  if (!error || !*error) return std::nullopt;
  ctx.result_replaced(error);
  return ctx.fail("exception", call + " " + error + ": the engine calls it where no exception may escape.");
}

// The learner's object, destroyed whatever the sequence ends with.
struct learner_object {
  void* self;
  void (*destroy)(void*);
  learner_object(void* s, void (*d)(void*)) : self{s}, destroy{d} {}
  learner_object(const learner_object&) = delete;
  learner_object& operator=(const learner_object&) = delete;
  ~learner_object() {
    if (self) destroy(self);
  }
};

}  // namespace xe::grade

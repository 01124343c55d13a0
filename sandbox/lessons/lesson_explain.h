#pragma once
// A failed step explained in the learner's language and in the step's own terms: "heap
// demo's deferred queue for slot 0 should be [0], but it is []" rather than a JSON path.
// The raw message (with the path) stays available for whoever needs it.
#include <string>
#include <string_view>

#include "lessons/lesson.h"
#include "lessons/lesson_player.h"

namespace xe::sandbox {

// What a state path names, in words ("/heaps/demo/size" → "heap demo's _size").
std::string describe_path(std::string_view pointer, language lang);
// One or two sentences saying what went wrong.
std::string explain_failure(const step_failure& failure, language lang);

}  // namespace xe::sandbox

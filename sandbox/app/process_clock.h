#pragma once
// When this process started, on the steady clock: where start-up latency begins (the time
// the loader and the libraries' initialisers take counts too). None when the system does not
// say.
#include <chrono>
#include <optional>

namespace xe::sandbox {

std::optional<std::chrono::steady_clock::time_point> process_started();

}  // namespace xe::sandbox

#pragma once
// Ctrl+C, termination requests and a closed terminal (SIGINT/SIGTERM/SIGHUP; on Windows the
// console's Ctrl+C, Ctrl+Break and close) ask the app to stop. The handler only records the request and asks fence waits
// to give up after a second (gfx::interrupt_fence_waits); the loop finishes the frame or step
// in progress, writes no output files and exits with stop_exit_code(): 130 for an interrupt,
// 143 for a termination request, 129 for a hang-up. A stop is no failure: a step or wait it
// cuts short is not reported as one. Whole-file implementations: stop_signal_{posix,win32}.cpp.
namespace xe::sandbox {

void install_stop_handlers();
bool stop_requested();
int stop_exit_code();       // 0 when no stop was requested
void clear_stop_request();  // tests

}  // namespace xe::sandbox

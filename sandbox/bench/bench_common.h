#pragma once
#include <map>
#include <string>

namespace xe::bench {
// Prints "name: X (target ...)" for each ratio whose two benchmarks ran.
void print_ratios(const std::map<std::string, double>& times);
}  // namespace xe::bench

#pragma once
// Line plots with axes, for Dear ImGui 1.86 (whose PlotLines has none): ticks at round
// values with labels and the unit on the y axis, frame numbers on the x axis, a legend,
// and the shown frame marked. Drawn with the window's draw list.
#include <span>
#include <string>
#include <vector>

#include <imgui.h>

#include "common/types.h"

namespace xe::sandbox::ui {

struct plot_series {
  std::string label;
  ImU32 colour{};
  std::vector<f32> values;  // one per sample, as plot_axes::frames
};

struct plot_axes {
  std::string title;        // above the plot, with the unit: "CPU wait in begin_frame (ms)"
  std::string unit;         // after each y label: "ms", "%", "" for counts
  std::vector<u64> frames;  // each sample's frame number: the x axis
  f32 height{110.f};
  f32 y_min{0.f};
  f32 y_max{0.f};          // 0: from the data, rounded up to a tick
  bool stairs{false};      // integer data: steps, not slopes
  u32 marked{invalid_id};  // sample index drawn as a vertical line (the frame shown)
};

// Plots the series over the full content width; returns the plot area (screen pixels).
ImVec4 draw_plot(const plot_axes& axes, std::span<const plot_series> series);

// About `count` round tick values (1, 2 or 5 times a power of ten apart) from lo to hi,
// both included when they fall on a tick; hi > lo.
std::vector<f64> nice_ticks(f64 lo, f64 hi, u32 count);
// "12", "0.5", "2.5k" for a tick value, as short as its step allows.
std::string tick_label(f64 value, f64 step);

}  // namespace xe::sandbox::ui

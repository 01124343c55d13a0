// xengine-bench: Google Benchmark suite. Every target is a ratio against a baseline in the
// same run (timings on 2-core machines are noisy); the ratios are printed after the run,
// on stderr when the benchmark output is JSON.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <map>
#include <string>

#include "bench_common.h"
#include "common/log.h"
#include "graphics/renderer.h"

namespace xe::bench {
namespace {

// Keeps each run's mean time per iteration by name while passing results on.
class ratio_reporter : public benchmark::BenchmarkReporter {
public:
  explicit ratio_reporter(benchmark::BenchmarkReporter* inner) : _inner{inner} {}
  bool ReportContext(const Context& context) override { return _inner->ReportContext(context); }
  void ReportRuns(const std::vector<Run>& runs) override {
    for (const Run& run : runs)
      if (run.run_type == Run::RT_Iteration && run.iterations > 0)
        _times[run.benchmark_name()] = run.GetAdjustedRealTime();
    _inner->ReportRuns(runs);
  }
  void Finalize() override { _inner->Finalize(); }
  const std::map<std::string, double>& times() const { return _times; }

private:
  benchmark::BenchmarkReporter* _inner;
  std::map<std::string, double> _times;
};

}  // namespace
}  // namespace xe::bench

int main(int argc, char** argv) {
  using namespace xe;
  log::get().set_level(spdlog::level::warn);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 2;
  if (auto r = gfx::initialize(); !r) {
    std::fprintf(stderr, "xengine-bench: renderer initialisation failed: %s\n", r.error_value().reason.c_str());
    return 1;
  }
  benchmark::BenchmarkReporter* display = benchmark::CreateDefaultDisplayReporter();
  bench::ratio_reporter reporter{display};
  benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::Shutdown();
  bench::print_ratios(reporter.times());
  delete display;
  gfx::shutdown();
  return 0;
}

// Timing of the reference kernels: MultiHeadAttention::forward and
// positional_encoding, at the shapes bench/compare.sh also gives PyTorch and
// NumPy (bench/torch_mha.py).
//
//   mha_bench [--dump-pe=FILE] [Google Benchmark flags...]
//
// The forward call is torch's default: self-attention, need_weights = true,
// weights averaged over the heads. --dump-pe writes the (2048, 512) encoding
// as raw little-endian float64, row-major, so compare.sh can check it against
// NumPy's to 1e-12.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <string>

#include "common/seeded_init.hpp"
#include "multi-head-attention/multi_head_attention.hpp"
#include "positional-encoding/positional_encoding.hpp"

namespace {

using course::Index;

// (batch, seq, embed, heads): two encoder-sized batches, one long sequence,
// and the lessons' toy size (8, 10, 32, 4), where call overhead dominates.
struct MhaShape {
  Index batch, seq, embed, heads;
};
constexpr MhaShape kMhaShapes[] = {{8, 128, 512, 8}, {1, 1024, 512, 8}, {32, 64, 256, 8}, {8, 10, 32, 4}};
constexpr Index kPeSeqLen = 2048, kPeDModel = 512;

course::Tensor random_input(Index batch, Index seq, Index embed) {
  course::Tensor x({batch, seq, embed});
  course::SplitMix64 generator(7);
  for (float& v : x.values()) v = generator.uniform(1.0f);
  return x;
}

void mha_forward(benchmark::State& state, MhaShape s) {
  const course::MultiHeadAttention mha(s.embed, s.heads, /*seed=*/1);
  const course::Tensor x = random_input(s.batch, s.seq, s.embed);
  for (auto _ : state) {
    course::AttentionOutput out = mha.forward(x, x, x);
    benchmark::DoNotOptimize(out.output.data());
    benchmark::DoNotOptimize(out.weights->data());
  }
}

void positional_encoding(benchmark::State& state) {
  for (auto _ : state) {
    course::MatrixXd pe = course::positional_encoding(kPeSeqLen, kPeDModel);
    benchmark::DoNotOptimize(pe.data());
  }
}

bool dump_encoding(const std::string& path) {
  const course::MatrixXd pe = course::positional_encoding(kPeSeqLen, kPeDModel);
  std::ofstream out(path, std::ios::binary);
  out.write(reinterpret_cast<const char*>(pe.data()), static_cast<std::streamsize>(pe.size() * sizeof(double)));
  return static_cast<bool>(out);
}

}  // namespace

int main(int argc, char** argv) {
  // Our own flag first; Google Benchmark rejects the ones it does not know.
  int kept = 1;
  for (int i = 1; i < argc; ++i) {
    if (std::strncmp(argv[i], "--dump-pe=", 10) == 0) {
      if (!dump_encoding(argv[i] + 10)) {
        std::cerr << "mha_bench: cannot write " << (argv[i] + 10) << "\n";
        return 2;
      }
    } else {
      argv[kept++] = argv[i];
    }
  }
  argc = kept;

  for (const MhaShape& s : kMhaShapes) {
    const std::string name = "mha/" + std::to_string(s.batch) + "x" + std::to_string(s.seq) + "x" +
                             std::to_string(s.embed) + "x" + std::to_string(s.heads);
    benchmark::RegisterBenchmark(name.c_str(), mha_forward, s)->Unit(benchmark::kMicrosecond);
  }
  const std::string pe_name = "pe/" + std::to_string(kPeSeqLen) + "x" + std::to_string(kPeDModel);
  benchmark::RegisterBenchmark(pe_name.c_str(), positional_encoding)->Unit(benchmark::kMicrosecond);

  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 2;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}

// Writes model_fuzzer's seed corpus: `model_seeds DIR N` fills DIR with inputs whose bytes,
// read the way model_fuzzer reads them (FuzzedDataProvider, from the end of the input), make
// the random model generator (tests/shared/random_model.h) give whole programs: a few programs
// of two triggers and three actions of three statements each that between them use every
// entry of every pool (each statement, guard, trigger and query), and the programs of the
// random tester's first N seeds. Without seeds libFuzzer starts from inputs of a few bytes,
// and a short input runs out after a few picks, after which every pick is 0: the first
// trigger, one action of one statement, the first query. Each input is decoded again as
// model_fuzzer decodes it and must give the program it was made from (exit 1 otherwise).
// Built and run by scripts/fuzz.sh, beside the fuzz targets.
#include <fuzzer/FuzzedDataProvider.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "tests/shared/random_model.h"

namespace {

namespace random_model = rulecheck::test_models::random_model;

// The program `choose` makes, and the input that makes model_fuzzer pick the same.
struct Seed {
  std::string text;
  std::string bytes;
};

Seed Record(const std::function<size_t(size_t)>& choose) {
  std::string consumed;  // in the order FuzzedDataProvider takes them
  Seed seed;
  seed.text = random_model::Generate([&](size_t n) {
    const size_t value = choose(n) % n;
    // ConsumeIntegralInRange(0, n - 1) takes a byte for each 8 bits of n - 1, most
    // significant first, and keeps the result modulo n.
    int bytes = 0;
    while (bytes < 8 && ((n - 1) >> (8 * bytes)) > 0) ++bytes;
    for (int b = bytes - 1; b >= 0; --b) consumed.push_back(static_cast<char>(value >> (8 * b)));
    return value;
  });
  // FuzzedDataProvider reads from the end of the input.
  seed.bytes.assign(consumed.rbegin(), consumed.rend());
  return seed;
}

std::string Decoded(const std::string& bytes) {
  FuzzedDataProvider provider(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
  return random_model::Generate(
      [&](size_t n) { return provider.ConsumeIntegralInRange<size_t>(0, n - 1); });
}

// The picks of the programs that use every pool entry: as many triggers, actions and
// statements as the generator allows, and each pool's entries in turn, continuing from one
// program to the next (`next[n]`: the next entry of the pool of `n`). A pool's size is all
// that tells it from the others; the counts are drawn from 3, which no pool has.
size_t Covering(size_t n, std::map<size_t, size_t>& next) {
  if (n == 3) return 2;  // two triggers, three actions, three statements each
  return next[n]++ % n;
}

}  // namespace

int main(int argc, char** argv) {
  int random_count = -1;
  if (argc == 3) random_count = std::atoi(argv[2]);
  if (random_count < 0 || (random_count == 0 && std::string(argv[2]) != "0")) {
    std::fprintf(stderr, "usage: model_seeds DIR N (N: how many random programs)\n");
    return 2;
  }
  const std::string dir = argv[1];
  std::vector<std::pair<std::string, Seed>> seeds;
  const size_t pools[] = {random_model::Statements().size(), random_model::Guards().size(),
                          random_model::Triggers().size(), random_model::Queries().size()};
  std::map<size_t, size_t> next;
  auto covered = [&] {
    for (size_t pool : pools) {
      if (next[pool] < pool) return false;
    }
    return true;
  };
  while (!covered() && seeds.size() < 64) {  // bounded, should a pool ever have 3 entries
    seeds.emplace_back("every-entry-" + std::to_string(seeds.size()),
                       Record([&next](size_t n) { return Covering(n, next); }));
  }
  // The random tester's programs (tests/solver/random_models_test.cc draws from these seeds).
  for (int s = 1; s <= random_count; ++s) {
    std::mt19937 seeded(s);
    seeds.emplace_back("random-" + std::to_string(s),
                       Record([&seeded](size_t n) { return static_cast<size_t>(seeded() % n); }));
  }
  for (const auto& [name, seed] : seeds) {
    if (Decoded(seed.bytes) != seed.text) {
      std::fprintf(stderr, "model_seeds: seed %s does not decode to its program\n", name.c_str());
      return 1;
    }
    std::ofstream out(dir + "/" + name, std::ios::binary);
    out << seed.bytes;
    if (!out.flush()) {
      std::fprintf(stderr, "model_seeds: cannot write %s/%s\n", dir.c_str(), name.c_str());
      return 1;
    }
  }
  std::printf("model_seeds: %zu seeds in %s\n", seeds.size(), dir.c_str());
  return 0;
}

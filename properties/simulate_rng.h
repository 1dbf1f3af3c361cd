// The random numbers of `rulecheck simulate` (internal to properties/): one stream per game,
// made from the run's seed and the game's number alone, so that a game plays the same
// whichever thread plays it and whatever ran before it on that thread. The stream is
// SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators",
// OOPSLA 2014): a counter stepped by a fixed odd constant and passed through a mixing
// function, whose starting counter here is the mix of the seed and the game number. Draws
// below a bound are unbiased (Lemire's multiply-and-reject, "Fast random integer generation
// in an interval", 2019), so that a die is fair, not merely close to fair.
//
//   GameRandom random(seed, game);
//   uint64_t face = 1 + random.Below(6);
#ifndef RULECHECK_PROPERTIES_SIMULATE_RNG_H_
#define RULECHECK_PROPERTIES_SIMULATE_RNG_H_

#include <cstdint>

namespace rulecheck::properties {

class GameRandom {
 public:
  GameRandom(uint64_t seed, uint64_t game) : counter_(Mix(Mix(seed) ^ (game + kGamma))) {}

  // The next 64 random bits.
  uint64_t Next() {
    counter_ += kGamma;
    return Mix(counter_);
  }

  // A number in [0, bound), every one equally likely. REQUIRES: bound > 0.
  uint64_t Below(uint64_t bound) {
    unsigned __int128 product = static_cast<unsigned __int128>(Next()) * bound;
    uint64_t low = static_cast<uint64_t>(product);
    if (low < bound) {
      // The draws whose low half falls below 2^64 mod bound would favour some results.
      const uint64_t threshold = (0 - bound) % bound;
      while (low < threshold) {
        product = static_cast<unsigned __int128>(Next()) * bound;
        low = static_cast<uint64_t>(product);
      }
    }
    return static_cast<uint64_t>(product >> 64);
  }

 private:
  static constexpr uint64_t kGamma = 0x9e3779b97f4a7c15ULL;

  // SplitMix64's finaliser (a variant of MurmurHash3's).
  static uint64_t Mix(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }

  uint64_t counter_;
};

}  // namespace rulecheck::properties

#endif  // RULECHECK_PROPERTIES_SIMULATE_RNG_H_

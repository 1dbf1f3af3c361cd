// The library cache (native/compiler.h): a second compile of the same model finds the library,
// another constant value is another library, and a damaged library in the cache is built again
// rather than loaded or reported.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "model/model.h"
#include "native/native.h"
#include "tests/shared/temp_folder_test.h"

namespace rulecheck::native {
namespace {

constexpr char kCounter[] =
    "game \"counter\"\nconst N = 3\nstate { n: 0..9 }\naction inc when n < N { n += 1 }\n"
    "terminal when n == N\n";

class CacheTest : public testing_support::TempFolderTest {
 protected:
  std::unique_ptr<model::Model> Load(const std::vector<model::ConstOverride>& consts = {}) {
    absl::StatusOr<std::unique_ptr<model::Model>> model =
        model::LoadModelFromText("counter.rules", kCounter, consts);
    EXPECT_TRUE(model.ok()) << model.status();
    return model.ok() ? *std::move(model) : nullptr;
  }
  std::vector<std::string> Libraries() {
    std::vector<std::string> found;
    for (const auto& entry : std::filesystem::directory_iterator(dir_)) {
      if (entry.path().extension() == ".so") found.push_back(entry.path().string());
    }
    return found;
  }

  // The compile cache: the test's folder.
  std::string cache() const { return dir_.string(); }
};

TEST_F(CacheTest, SecondCompileFindsTheLibrary) {
  std::unique_ptr<model::Model> model = Load();
  absl::StatusOr<CompiledModel> first = CompileModel(*model, {cache()});
  ASSERT_TRUE(first.ok()) << first.status();
  EXPECT_FALSE(first->cached);
  absl::StatusOr<CompiledModel> second = CompileModel(*model, {cache()});
  ASSERT_TRUE(second.ok()) << second.status();
  EXPECT_TRUE(second->cached);
  EXPECT_EQ(Libraries().size(), 1u);
  // Another value of N is another program.
  std::unique_ptr<model::Model> other = Load({{"N", "5"}});
  absl::StatusOr<CompiledModel> third = CompileModel(*other, {cache()});
  ASSERT_TRUE(third.ok()) << third.status();
  EXPECT_FALSE(third->cached);
  EXPECT_EQ(Libraries().size(), 2u);
}

TEST_F(CacheTest, DamagedLibraryIsBuiltAgain) {
  std::unique_ptr<model::Model> model = Load();
  ASSERT_TRUE(CompileModel(*model, {cache()}).ok());
  ASSERT_EQ(Libraries().size(), 1u);
  std::ofstream(Libraries()[0], std::ios::trunc) << "not a library";
  absl::StatusOr<CompiledModel> again = CompileModel(*model, {cache()});
  ASSERT_TRUE(again.ok()) << again.status();
  EXPECT_FALSE(again->cached);
  // It works: 0, 1, 2, 3 and the last is terminal, so 0 has one successor.
  std::unique_ptr<ir::Expander> expander = again->space->NewExpander(false);
  const uint32_t start[1] = {0};
  EXPECT_FALSE(expander->IsTerminal(start, nullptr));
  const uint32_t end[1] = {3};
  EXPECT_TRUE(expander->IsTerminal(end, nullptr));
}

}  // namespace
}  // namespace rulecheck::native

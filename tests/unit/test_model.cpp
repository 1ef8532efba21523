// Unit tests of model/: architecture data, launch rules, the block barrier.
#include <doctest/doctest.h>

#include "warpsim/model/ArchSpec.h"
#include "warpsim/model/BlockBarrier.h"
#include "warpsim/model/Dim3.h"
#include "warpsim/model/LaunchValidation.h"

using namespace warpsim::model;

TEST_CASE("shipped architectures load from their data files") {
  auto names = builtinArchNames();
  REQUIRE(names.size() >= 3);
  auto h100 = builtinArch("sm_90");
  REQUIRE(h100);
  CHECK(h100->warp_size == 32);
  CHECK(h100->shared_bank_count == 32);
  CHECK(h100->shared_bank_width == 4);
  CHECK(h100->max_threads_per_block == 1024);
  CHECK(h100->static_shared_per_block == 48 * 1024);
  CHECK(h100->shared_per_block_optin == 227 * 1024);
  CHECK(h100->shared_per_sm == 228 * 1024);
  CHECK(h100->named_barriers == 16);
  CHECK(h100->compute_major == 9);
  auto a100 = builtinArch("sm_80");
  REQUIRE(a100);
  CHECK(a100->compute_major == 8);
  auto amd = builtinArch("cdna3");
  REQUIRE(amd);
  CHECK(amd->warp_size == 64);
  CHECK(amd->static_shared_per_block == 64 * 1024);
  // AMD's target ID (hipDeviceProp_t::gcnArchName, __gfx942__, hipcc's
  // --offload-arch: docs/hip.md); NVIDIA architectures have none.
  CHECK(amd->target_id == "gfx942:sramecc+:xnack-");
  CHECK(h100->target_id.empty());
  CHECK_FALSE(builtinArch("sm_99"));
}

TEST_CASE("arch parser rejects unknown keys, bad values and missing keys") {
  auto bad = parseArchSpec("name = x\nwarp_sise = 32\n");
  CHECK_FALSE(bad.spec);
  CHECK(bad.error.find("line 2") != std::string::npos);
  CHECK(bad.error.find("warp_sise") != std::string::npos);
  auto missing = parseArchSpec("name = x\n");
  CHECK_FALSE(missing.spec);
  CHECK(missing.error.find("missing key") != std::string::npos);
  auto h100 = builtinArch("sm_90");
  REQUIRE(h100);
}

TEST_CASE("Dim3 linearises x fastest, like CUDA") {
  Dim3 dim{4, 3, 2};
  CHECK(linearize(Dim3{1, 0, 0}, dim) == 1);
  CHECK(linearize(Dim3{0, 1, 0}, dim) == 4);
  CHECK(linearize(Dim3{0, 0, 1}, dim) == 12);
  CHECK(linearize(Dim3{3, 2, 1}, dim) == 23);
  for (std::uint64_t i = 0; i < dim.volume(); ++i)
    CHECK(linearize(delinearize(i, dim), dim) == i);
}

TEST_CASE("launch validation follows the CUDA runtime's rules") {
  auto arch = *builtinArch("sm_90");
  LaunchRequest ok{{1, 1, 1}, {1024, 1, 1}};
  CHECK(validateLaunch(arch, ok).ok());

  LaunchRequest tooMany{{1, 1, 1}, {1025, 1, 1}};
  CHECK(validateLaunch(arch, tooMany).error == LaunchError::InvalidConfiguration);
  LaunchRequest tooMany3d{{1, 1, 1}, {32, 32, 2}};
  CHECK(validateLaunch(arch, tooMany3d).error == LaunchError::InvalidConfiguration);
  LaunchRequest zeroGrid{{0, 1, 1}, {32, 1, 1}};
  CHECK(validateLaunch(arch, zeroGrid).error == LaunchError::InvalidConfiguration);
  LaunchRequest zeroBlock{{1, 1, 1}, {0, 1, 1}};
  CHECK(validateLaunch(arch, zeroBlock).error == LaunchError::InvalidConfiguration);
  LaunchRequest zTooDeep{{1, 1, 1}, {1, 1, 65}};
  CHECK(validateLaunch(arch, zTooDeep).error == LaunchError::InvalidConfiguration);
  LaunchRequest gridY{{1, 65536, 1}, {1, 1, 1}};
  CHECK(validateLaunch(arch, gridY).error == LaunchError::InvalidConfiguration);

  LaunchRequest dyn{{1, 1, 1}, {32, 1, 1}};
  dyn.dynamic_smem = 48 * 1024;
  CHECK(validateLaunch(arch, dyn).ok());
  dyn.dynamic_smem = 48 * 1024 + 1;
  CHECK(validateLaunch(arch, dyn).error == LaunchError::InvalidValue);
  dyn.max_dynamic_smem_optin = 100 * 1024; // cudaFuncSetAttribute
  CHECK(validateLaunch(arch, dyn).ok());
  dyn.dynamic_smem = 100 * 1024 + 1;
  CHECK(validateLaunch(arch, dyn).error == LaunchError::InvalidValue);
  // The opt-in limits the dynamic part alone: static bytes come on top (as
  // on the H100), up to the opt-in maximum for both.
  dyn.dynamic_smem = 100 * 1024;
  dyn.static_smem = 256;
  CHECK(validateLaunch(arch, dyn).ok());
  dyn.max_dynamic_smem_optin = arch.shared_per_block_optin;
  dyn.dynamic_smem = arch.shared_per_block_optin - 256;
  CHECK(validateLaunch(arch, dyn).ok());
  dyn.dynamic_smem += 1;
  CHECK(validateLaunch(arch, dyn).error == LaunchError::InvalidValue);

  LaunchRequest stat{{1, 1, 1}, {32, 1, 1}};
  stat.static_smem = 48 * 1024 + 4;
  CHECK(validateLaunch(arch, stat).error == LaunchError::InvalidValue);
}

TEST_CASE("block barrier completes when every live thread arrived") {
  BlockBarrier b(3);
  CHECK_FALSE(b.arrive(true));
  CHECK_FALSE(b.arrive(false));
  CHECK(b.arrive(true));
  CHECK(b.phase() == 1);
  CHECK(b.lastCount() == 2);
  CHECK(b.lastArrived() == 3);
  CHECK(b.arrived() == 0);

  SUBCASE("an exiting thread no longer holds the barrier back") {
    CHECK_FALSE(b.arrive(false));
    CHECK_FALSE(b.arrive(false));
    CHECK(b.threadExited());
    CHECK(b.phase() == 2);
    CHECK(b.live() == 2);
  }
  SUBCASE("an exit with nobody waiting completes nothing") {
    CHECK_FALSE(b.threadExited());
    CHECK(b.phase() == 1);
  }
}

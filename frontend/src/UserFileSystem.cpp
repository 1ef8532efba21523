// The parser reads the user's files through this file system, which runs the
// launch pass over each one as it is opened. That covers every header the
// program includes without knowing the include graph in advance, and the
// parser's SourceManager then holds exactly the text the rewrite edits.
#include "Internal.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

namespace warpsim::frontend {

// Thrust's kernel-side tuning, as nvcc's device pass chooses it (LibraryAsm.cpp).
std::string thrustTuningArch(std::string text);

UserFile *UserFiles::find(std::string_view name) {
  auto it = files_.find(name);
  return it == files_.end() ? nullptr : it->second.get();
}

UserFile &UserFiles::add(UserFile file) {
  std::string key = file.name;
  auto owned = std::make_unique<UserFile>(std::move(file));
  UserFile *raw = owned.get();
  files_[key] = std::move(owned);
  order_.push_back(raw);
  return *raw;
}

std::vector<UserFile *> UserFiles::all() { return order_; }

const UserFile *UserFiles::firstPassError() const {
  for (const UserFile *f : order_)
    if (!f->pass.result.ok)
      return f;
  return nullptr;
}

namespace {

namespace vfs = llvm::vfs;

// A user file's pre-passed text, served from memory.
class PassedFile : public vfs::File {
public:
  PassedFile(vfs::Status status, const std::string &text)
      : status_(std::move(status)), text_(text) {}
  llvm::ErrorOr<vfs::Status> status() override { return status_; }
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> getBuffer(const llvm::Twine &name, int64_t,
                                                               bool, bool) override {
    return llvm::MemoryBuffer::getMemBufferCopy(text_, name.str());
  }
  std::error_code close() override { return {}; }

private:
  vfs::Status status_;
  const std::string &text_;
};

class UserFileSystem : public vfs::ProxyFileSystem {
public:
  UserFileSystem(UserFiles &files, std::vector<std::string> system_prefixes, std::string main_abs,
                 std::string main_name, const std::map<std::string, ArchLayer> *arch,
                 const std::map<std::string, std::string> *merged, bool hip)
      : ProxyFileSystem(vfs::getRealFileSystem()), files_(files),
        system_(std::move(system_prefixes)), main_abs_(std::move(main_abs)),
        main_name_(std::move(main_name)), arch_(arch), merged_(merged), hip_(hip) {}

  llvm::ErrorOr<vfs::Status> status(const llvm::Twine &path) override {
    auto st = getUnderlyingFS().status(path);
    if (!st || !st->isRegularFile())
      return st;
    const UserFile *f = load(path.str(), *st);
    if (f == nullptr)
      return st;
    return vfs::Status::copyWithNewSize(*st, text(*f).size());
  }

  llvm::ErrorOr<std::unique_ptr<vfs::File>> openFileForRead(const llvm::Twine &path) override {
    auto st = getUnderlyingFS().status(path);
    if (!st || !st->isRegularFile())
      return getUnderlyingFS().openFileForRead(path);
    const UserFile *f = load(path.str(), *st);
    if (f == nullptr)
      return getUnderlyingFS().openFileForRead(path);
    return std::unique_ptr<vfs::File>(
        std::make_unique<PassedFile>(vfs::Status::copyWithNewSize(*st, text(*f).size()), text(*f)));
  }

private:
  UserFiles &files_;
  std::vector<std::string> system_;
  std::string main_abs_, main_name_;
  const std::map<std::string, ArchLayer> *arch_;
  const std::map<std::string, std::string> *merged_;
  bool hip_; // HIP source: __HIP_DEVICE_COMPILE__ respelled (hipDeviceMacroSpelling)

  // A file the launch pass rejected is parsed as it is; the pass's error is
  // reported in place of the parser's.
  static const std::string &text(const UserFile &f) { return f.parsed; }

  std::string absolute(const std::string &path) const {
    llvm::SmallString<256> abs(path);
    (void)getUnderlyingFS().makeAbsolute(abs);
    llvm::sys::path::remove_dots(abs, /*remove_dot_dot=*/true);
    return std::string(abs);
  }

  // By real path: the driver reaches libstdc++ through paths like
  // /usr/lib/gcc/x86_64-linux-gnu/12/../../../../include/c++/12, which only
  // resolve right through the symlinks (/lib -> /usr/lib).
  std::string realPath(const std::string &name) const {
    llvm::SmallString<256> real;
    if (getUnderlyingFS().getRealPath(name, real))
      return absolute(name);
    return std::string(real);
  }

  bool isSystem(const std::string &name) const {
    llvm::SmallString<256> real;
    if (getUnderlyingFS().getRealPath(name, real))
      real = absolute(name);
    if (isCudaLibraryHeader(real.str()))
      return false;
    for (const std::string &p : system_)
      if (real.str().starts_with(p))
        return true;
    return false;
  }

  const UserFile *load(const std::string &name, const vfs::Status &) {
    if (UserFile *f = files_.find(name))
      return f;
    if (isSystem(name))
      return nullptr;
    std::string abs = absolute(name);
    auto buf = getUnderlyingFS().getBufferForFile(name);
    if (!buf)
      return nullptr;
    UserFile f;
    f.name = name;
    f.abs_path = abs;
    f.on_disk = (*buf)->getBuffer().str();
    f.original = hip_ ? hipDeviceMacroSpelling(f.on_disk) : f.on_disk;
    if (merged_ != nullptr)
      if (auto it = merged_->find(abs); it != merged_->end())
        f.original = it->second;
    f.is_main = abs == main_abs_;
    f.report_name = f.is_main ? main_name_ : name;
    if (isCudaLibraryHeader(realPath(name))) {
      f.cuda_library = true;
      std::string rewritten = thrustTuningArch(rewriteLibraryAsm(f.original));
      f.library_asm = rewritten != f.original;
      f.original = std::move(rewritten);
    }
    f.pass = runLaunchPass(f.original, f.report_name);
    f.parsed = f.pass.result.ok ? f.pass.result.text : f.original;
    if (arch_ != nullptr && f.pass.result.ok)
      if (auto it = arch_->find(abs); it != arch_->end()) {
        f.arch = it->second;
        f.parsed = f.arch.apply(f.pass.result.text);
      }
    return &files_.add(std::move(f));
  }
};

} // namespace

llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
makeUserFileSystem(UserFiles &files, std::vector<std::string> system_prefixes,
                   std::string main_file_abs, std::string main_file_name,
                   const std::map<std::string, ArchLayer> *arch,
                   const std::map<std::string, std::string> *merged, bool hip) {
  return llvm::makeIntrusiveRefCnt<UserFileSystem>(files, std::move(system_prefixes),
                                                   std::move(main_file_abs),
                                                   std::move(main_file_name), arch, merged, hip);
}

} // namespace warpsim::frontend

#include "Process.h"

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>

namespace fs = std::filesystem;

namespace warpsim::driver {

std::string makeTempDir() {
  std::string tmpl = (fs::temp_directory_path() / "warpsim-XXXXXX").string();
  if (mkdtemp(tmpl.data()) == nullptr)
    return {};
  return tmpl;
}

int runCommand(const std::vector<std::string> &argv, std::string &output) {
  std::string cmd;
  for (const auto &a : argv) {
    cmd += "'";
    for (char c : a)
      cmd += c == '\'' ? std::string("'\\''") : std::string(1, c);
    cmd += "' ";
  }
  cmd += "2>&1";
  FILE *p = popen(cmd.c_str(), "r");
  if (p == nullptr)
    return -1;
  char buf[4096];
  std::size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0)
    output.append(buf, n);
  int status = pclose(p);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

int runChild(const ChildProcess &c) {
  // The child inherits stdout's buffer: empty it first, or it prints twice.
  std::fflush(stdout);
  std::fflush(stderr);
  pid_t pid = fork();
  if (pid < 0)
    return -1;
  if (pid == 0) {
    for (const auto &[name, value] : c.env)
      setenv(name.c_str(), value.c_str(), 1);
    if (!c.output.empty()) {
      int fd = open(c.output.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      if (fd < 0) {
        std::perror("warpsim: error: cannot write the program's output file");
        _exit(127);
      }
      dup2(fd, STDOUT_FILENO);
      dup2(fd, STDERR_FILENO);
      close(fd);
    }
    std::vector<std::string> args = c.argv;
    std::vector<char *> argv;
    for (auto &a : args)
      argv.push_back(a.data());
    argv.push_back(nullptr);
    execv(c.path.c_str(), argv.data());
    std::perror("warpsim: error: cannot run the program");
    _exit(127);
  }
  int status = 0;
  rusage usage{};
  auto finished = [&] {
    if (c.peak_rss_kb != nullptr)
      *c.peak_rss_kb = usage.ru_maxrss;
    return status;
  };
  if (c.watch) {
    while (true) {
      pid_t r = wait4(pid, &status, WNOHANG, &usage);
      if (r == pid)
        return finished();
      if (r < 0 && errno != EINTR)
        return -1;
      c.watch(pid);
      timespec pause{0, 50'000'000};
      nanosleep(&pause, nullptr);
    }
  }
  while (wait4(pid, &status, 0, &usage) < 0)
    if (errno != EINTR)
      return -1;
  return finished();
}

} // namespace warpsim::driver

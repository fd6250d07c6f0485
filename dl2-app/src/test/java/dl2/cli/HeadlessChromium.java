package dl2.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Debian's headless Chromium, run once per page with a fresh profile and nothing that reaches the
 * network.
 */
final class HeadlessChromium {
  /**
   * Debian's headless shell first: .ci/run installs it alone, without the desktop browser's
   * packages.
   */
  private static final List<String> NAMES =
      List.of("chromium-headless-shell", "chromium", "chromium-browser", "google-chrome");

  private static final long TIMEOUT_SECONDS = 120;

  private final Path executable;
  private final Path workDir;

  private HeadlessChromium(Path executable, Path workDir) {
    this.executable = executable;
    this.workDir = workDir;
  }

  /** The first Chromium on the PATH, if any; {@code workDir} holds its profiles and logs. */
  static Optional<HeadlessChromium> find(Path workDir) {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
      for (String name : NAMES) {
        Path candidate = Path.of(dir.isEmpty() ? "." : dir, name);
        if (Files.isExecutable(candidate)) {
          return Optional.of(new HeadlessChromium(candidate, workDir));
        }
      }
    }
    return Optional.empty();
  }

  /** The page's DOM after it loaded and its pending work ran (scripts, images). */
  String dumpDom(Path page) throws IOException, InterruptedException {
    return run(page, List.of("--virtual-time-budget=10000", "--dump-dom"), "dom");
  }

  /** A PNG of the page at {@code width} × {@code height} CSS pixels. */
  void screenshot(Path page, Path png, int width, int height)
      throws IOException, InterruptedException {
    Files.createDirectories(png.toAbsolutePath().getParent());
    run(
        page,
        List.of("--window-size=" + width + "," + height, "--screenshot=" + png.toAbsolutePath()),
        "screenshot");
  }

  private String run(Path page, List<String> extra, String label)
      throws IOException, InterruptedException {
    Path profile = Files.createTempDirectory(workDir, "profile-");
    List<String> command =
        new ArrayList<>(
            List.of(
                executable.toString(),
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--user-data-dir=" + profile));
    command.addAll(extra);
    command.add(page.toAbsolutePath().toUri().toString());
    Path stdout = workDir.resolve(label + ".out");
    Path stderr = workDir.resolve(label + ".err");
    Process process =
        new ProcessBuilder(command)
            .directory(workDir.toFile())
            .redirectOutput(stdout.toFile())
            .redirectError(stderr.toFile())
            .start();
    if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new IllegalStateException(
          "chromium did not finish " + label + " of " + page + " in " + TIMEOUT_SECONDS + " s");
    }
    if (process.exitValue() != 0) {
      throw new IllegalStateException(
          "chromium exited with "
              + process.exitValue()
              + " on "
              + page
              + ": "
              + Files.readString(stderr, StandardCharsets.UTF_8));
    }
    return Files.readString(stdout, StandardCharsets.UTF_8);
  }
}

package dl2.cli;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** {@code dl2 ARGS} in its own JVM (the test class path), for tests that signal or kill it. */
final class Dl2Process {
  private Dl2Process() {}

  /** Started with stdout discarded and stderr to {@code err} (DISCARD for none). */
  static Process start(List<String> args, ProcessBuilder.Redirect err) throws IOException {
    List<String> command =
        new ArrayList<>(
            List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:+UseSerialGC",
                "-cp",
                System.getProperty("java.class.path"),
                Dl2.class.getName()));
    command.addAll(args);
    return new ProcessBuilder(command)
        .redirectOutput(ProcessBuilder.Redirect.DISCARD)
        .redirectError(err)
        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
        .start();
  }
}

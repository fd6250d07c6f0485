package dl2.e2e;

import dl2.cli.Dl2;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * {@code dl2 ARGS} in a JVM of its own, as an operator runs the controller outside the cluster: its
 * stdout and stderr lines are collected as they come, and it can be sent SIGTERM (as Kubernetes
 * stops a pod) or SIGKILL (as a node dies).
 */
final class ControllerProcess implements AutoCloseable {
  private final Process process;
  private final List<String> lines = new CopyOnWriteArrayList<>();

  private ControllerProcess(Process process) {
    this.process = process;
    Thread reader =
        new Thread(
            () -> {
              try (BufferedReader in =
                  new BufferedReader(
                      new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = in.readLine()) != null; ) {
                  lines.add(line);
                }
              } catch (IOException e) {
                lines.add("(output lost: " + e.getMessage() + ")");
              }
            },
            "dl2-process-output");
    reader.setDaemon(true);
    reader.start();
  }

  /**
   * Starts {@code dl2 args} with this test's class path and {@code env} added to the environment.
   */
  static ControllerProcess start(List<String> args, Map<String, String> env) throws IOException {
    List<String> command =
        new ArrayList<>(
            List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:+UseSerialGC",
                "-XX:TieredStopAtLevel=1",
                "-cp",
                System.getProperty("java.class.path"),
                Dl2.class.getName()));
    command.addAll(args);
    ProcessBuilder builder =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
    builder.environment().putAll(env);
    return new ControllerProcess(builder.start());
  }

  /** Every line so far, stdout and stderr interleaved. */
  List<String> lines() {
    return List.copyOf(lines);
  }

  /**
   * Waits for a line that {@code wanted} accepts; fails with the output so far after {@code limit}.
   */
  String awaitLine(Predicate<String> wanted, Duration limit) throws InterruptedException {
    long deadline = System.nanoTime() + limit.toNanos();
    while (System.nanoTime() < deadline) {
      for (String line : lines) {
        if (wanted.test(line)) {
          return line;
        }
      }
      if (!process.isAlive() && lines.stream().noneMatch(wanted)) {
        Thread.sleep(200); // the last lines may still be on their way
        return lines.stream()
            .filter(wanted)
            .findFirst()
            .orElseThrow(
                () ->
                    new AssertionError(
                        "the process ended (exit "
                            + process.exitValue()
                            + ") without the line; it wrote:\n"
                            + String.join("\n", lines)));
      }
      Thread.sleep(50);
    }
    throw new AssertionError(
        "no such line within " + limit + "; the process wrote:\n" + String.join("\n", lines));
  }

  long count(Predicate<String> wanted) {
    return lines.stream().filter(wanted).count();
  }

  /** SIGTERM, as the kubelet stops a container. */
  void terminate() {
    process
        .toHandle()
        .destroy(); // Process.destroy() would also close the pipes, losing the last lines
  }

  /** SIGKILL: no shutdown hook runs. */
  void kill() {
    process.toHandle().destroyForcibly();
  }

  boolean alive() {
    return process.isAlive();
  }

  /** The exit code, once the process ended within {@code limit}. */
  int awaitExit(Duration limit) throws InterruptedException {
    if (!process.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
      throw new AssertionError(
          "still running after " + limit + "; it wrote:\n" + String.join("\n", lines));
    }
    return process.exitValue();
  }

  @Override
  public void close() {
    if (process.isAlive()) {
      process.toHandle().destroyForcibly();
      try {
        process.waitFor(10, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }
}

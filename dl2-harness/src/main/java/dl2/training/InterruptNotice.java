package dl2.training;

import dl2.learning.rl.CheckpointStep;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/**
 * What a training run says when Ctrl-C or SIGTERM stops it: the step of its last checkpoint and the
 * exact command that continues it. Installed for the run and removed when it ends, so that only a
 * signal prints it.
 */
public final class InterruptNotice implements AutoCloseable {
  private final Thread hook;

  private InterruptNotice(Thread hook) {
    this.hook = hook;
  }

  /**
   * Prints the notice for the run in {@code out} of {@code steps} steps if the JVM is stopped
   * before {@link #close}; {@code resumable} is false for runs {@code --resume} cannot continue
   * ({@code why} says which), {@code args} are the command's arguments after {@code dl2}.
   */
  public static InterruptNotice install(
      Path out, long steps, List<String> args, boolean resumable, String why, PrintWriter err) {
    String resume = resumeCommand(args);
    Thread hook =
        new Thread(
            () -> {
              synchronized (err) {
                err.println();
                err.println(
                    "dl2: " + message(CheckpointStep.of(out), steps, resume, resumable, why));
                err.flush();
              }
            },
            "dl2-interrupt-notice");
    Runtime.getRuntime().addShutdownHook(hook);
    return new InterruptNotice(hook);
  }

  /** The notice's line (without "dl2: "). */
  static String message(
      OptionalLong checkpoint, long steps, String resume, boolean resumable, String why) {
    if (!resumable) {
      return "stopped"
          + checkpoint.stream()
              .mapToObj(s -> " after the checkpoint at step " + s)
              .findFirst()
              .orElse("")
          + "; "
          + why
          + ", so start over with --force";
    }
    if (checkpoint.isEmpty()) {
      return "stopped before the first checkpoint; rerun with: "
          + resume
          + " (it starts over, reusing a finished warm-up)";
    }
    return "stopped; the last checkpoint is at step "
        + checkpoint.getAsLong()
        + " of "
        + steps
        + "; continue with: "
        + resume;
  }

  /** {@code ./dl2 ARGS --resume}, without {@code --force}, each argument shell-quoted if needed. */
  static String resumeCommand(List<String> args) {
    List<String> kept = new ArrayList<>();
    for (String arg : args) {
      if (!arg.equals("--force") && !arg.startsWith("--force=")) {
        kept.add(arg);
      }
    }
    if (!kept.contains("--resume")) {
      kept.add("--resume");
    }
    StringBuilder line = new StringBuilder("./dl2");
    for (String arg : kept) {
      line.append(' ').append(quoted(arg));
    }
    return line.toString();
  }

  private static String quoted(String arg) {
    return arg.matches("[A-Za-z0-9_./:=@%+,-]+") ? arg : "'" + arg.replace("'", "'\\''") + "'";
  }

  /** The run ended by itself: no notice. */
  @Override
  public void close() {
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException e) {
      // the JVM is already stopping: the notice prints
    }
  }
}

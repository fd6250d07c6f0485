package dl2.output;

import dl2.io.AtomicFiles;
import dl2.io.InputException;
import dl2.io.OutputPaths;
import java.io.IOException;
import java.nio.file.Path;

/**
 * The output directory of a long command, claimed before any work: its path checked, locked against
 * other commands for the command's whole run ({@link OutputLock}), and refused if it holds another
 * command's output, other files, or (unless the command may replace it) an earlier output of the
 * same command ({@link OutputMarker}).
 */
public final class RunOutput implements AutoCloseable {
  private final Path dir;
  private final String kind;
  private final String command;
  private final OutputLock lock;
  private final boolean earlier;

  private RunOutput(Path dir, String kind, String command, OutputLock lock, boolean earlier) {
    this.dir = dir;
    this.kind = kind;
    this.command = command;
    this.lock = lock;
    this.earlier = earlier;
  }

  /**
   * Claims {@code dir} ({@code flag}) for output of {@code kind}; an earlier output of that kind is
   * accepted when {@code again} is null (or {@code force} is set), else refused with {@code again}
   * as the advice. {@code command} is the command line that claims it, for the lock holder and the
   * marker.
   */
  public static RunOutput claim(
      String command, String flag, Path dir, String kind, String again, boolean force) {
    OutputPaths.checkDirectory(flag, dir);
    OutputLock lock = OutputLock.acquire(dir, command);
    try {
      boolean earlier = OutputMarker.claim(flag, dir, kind, force ? null : again);
      AtomicFiles.removeTemporaries(
          dir); // what a command killed while writing left; nobody else writes here now
      return new RunOutput(dir, kind, command, lock, earlier);
    } catch (IOException e) {
      lock.close();
      throw new InputException(flag + " " + dir + ": " + OutputPaths.reason(e));
    } catch (RuntimeException e) {
      lock.close();
      throw e;
    }
  }

  /** Whether the directory held an earlier output of this command. */
  public boolean earlier() {
    return earlier;
  }

  /**
   * Marks the directory as this command's output (created if needed), before the first file goes
   * in.
   */
  public void mark() {
    OutputMarker.write(dir, kind, command);
  }

  /** Marks {@code staging}, the next version of a directory replaced whole. */
  public void markIn(Path staging) {
    OutputMarker.write(staging, kind, command);
  }

  @Override
  public void close() {
    lock.close();
  }
}

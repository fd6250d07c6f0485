package dl2.output;

import dl2.io.InputException;
import dl2.io.OutputPaths;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.TreeMap;

/**
 * An exclusive lock on an output directory for as long as a command writes it. The operating system
 * holds it on {@code PARENT/.NAME.lock} beside the directory (beside, because report directories
 * are replaced whole), so it ends with the process, even one killed with {@code kill -9}. The file
 * names the holder, and a second command on the same directory fails at once with one line saying
 * who holds it. The holder deletes the file before it lets go; a lock won on a file already deleted
 * (or replaced) is therefore retried, checked by the file's identity, since such a file no longer
 * guards anything.
 */
public final class OutputLock implements AutoCloseable {
  /**
   * Lock files this process holds, with their holders. POSIX record locks belong to the process and
   * end when any descriptor of the file closes, so this process never opens a file it holds.
   */
  private static final Map<Path, String> HELD = new TreeMap<>();

  private final Path file;
  private final FileChannel channel;
  private final FileLock lock;

  /**
   * The highest directory created for the lock file, if any: removed again if the command wrote
   * nothing there.
   */
  private Path created;

  private OutputLock(Path file, FileChannel channel, FileLock lock) {
    this.file = file;
    this.channel = channel;
    this.lock = lock;
  }

  /** The lock file of {@code dir}: {@code PARENT/.NAME.lock}. */
  public static Path fileOf(Path dir) {
    Path target = OutputPaths.absolute(dir);
    return target.resolveSibling("." + target.getFileName() + ".lock");
  }

  /**
   * Locks {@code dir} for {@code command} (e.g. {@code dl2 train --out run}); an InputException
   * naming the holder if another command, in this process or another, has it.
   */
  public static OutputLock acquire(Path dir, String command) {
    Path file = fileOf(dir);
    String holder =
        "pid "
            + ProcessHandle.current().pid()
            + " on "
            + host()
            + " ("
            + command
            + ", since "
            + Instant.now().truncatedTo(ChronoUnit.SECONDS)
            + ")";
    synchronized (HELD) {
      String current = HELD.get(file);
      if (current != null) {
        throw busy(dir, current);
      }
      try {
        Path created = firstMissing(file.getParent());
        Files.createDirectories(file.getParent());
        for (int attempt = 0; attempt < 100; attempt++) {
          OutputLock lock = tryAcquire(dir, file, holder);
          if (lock != null) {
            HELD.put(file, holder);
            lock.created = created;
            return lock;
          }
        }
        throw new InputException(
            dir + ": cannot lock it through " + file + ": the file keeps being replaced");
      } catch (IOException e) {
        throw new InputException(
            dir + ": cannot lock it through " + file + ": " + OutputPaths.reason(e));
      }
    }
  }

  /** The highest missing ancestor of {@code dir} (or itself), null if it exists. */
  private static Path firstMissing(Path dir) {
    Path missing = null;
    for (Path p = dir; p != null && !Files.exists(p); p = p.getParent()) {
      missing = p;
    }
    return missing;
  }

  /** The lock, or null when the file was deleted or replaced while it was being locked. */
  private static OutputLock tryAcquire(Path dir, Path file, String holder) throws IOException {
    Object before = identity(file);
    FileChannel channel =
        FileChannel.open(
            file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
    FileLock lock = channel.tryLock();
    if (lock == null) {
      channel.close();
      throw busy(dir, readHolder(file));
    }
    if (before == null || !before.equals(identity(file))) {
      // Created just now (then checked again), or deleted by a holder letting go while we opened
      // it.
      channel.close();
      return null;
    }
    channel.truncate(0);
    channel.write(ByteBuffer.wrap((holder + "\n").getBytes(StandardCharsets.UTF_8)), 0);
    channel.force(false);
    return new OutputLock(file, channel, lock);
  }

  /** The file's identity (device and inode) by path, without opening it; null if it is gone. */
  private static Object identity(Path file) {
    try {
      return Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS)
          .fileKey();
    } catch (IOException e) {
      return null;
    }
  }

  private static InputException busy(Path dir, String holder) {
    return new InputException(
        dir
            + " is in use by "
            + holder
            + "; wait for that command to finish or choose another output");
  }

  /** Only called when another process holds the file, so opening it here loses no lock of ours. */
  private static String readHolder(Path file) {
    try {
      String text = Files.readString(file, StandardCharsets.UTF_8).strip();
      return text.isEmpty() ? "another command" : text;
    } catch (IOException e) {
      return "another command";
    }
  }

  private static String host() {
    String name = System.getenv("HOSTNAME");
    if (name != null && !name.isBlank()) {
      return name.strip();
    }
    try {
      return Files.readString(Path.of("/etc/hostname")).strip();
    } catch (IOException | RuntimeException e) {
      return "this host";
    }
  }

  /**
   * Deletes the lock file while still holding it, then the directories created for it if they are
   * empty (a command that failed wrote nothing), then lets go.
   */
  @Override
  public void close() {
    synchronized (HELD) {
      HELD.remove(file);
      try {
        Files.deleteIfExists(file);
        for (Path p = file.getParent();
            created != null && p != null && p.startsWith(created);
            p = p.getParent()) {
          Files.deleteIfExists(p);
        }
      } catch (IOException e) {
        // A lock file (or a directory) left behind is harmless: the next command locks it again.
      }
      try {
        lock.release();
        channel.close();
      } catch (IOException e) {
        // The lock ends with the process anyway.
      }
    }
  }
}

package dl2.io;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A run directory whose checkpoints switch atomically. Checkpoint N is written whole into {@code
 * steps/N/} (a file that did not change, e.g. best.policy, is hard-linked from the previous
 * checkpoint); then the link {@code checkpoint} is pointed at it by one atomic rename. The files
 * users open, {@code DIR/NAME}, are links to {@code checkpoint/NAME}. A process killed at any
 * instant therefore leaves the previous checkpoint or the new one, whole, never a mix; older step
 * directories are removed after the switch.
 *
 * <p>Runs of earlier versions kept their files directly in the directory; they are read as the
 * current checkpoint until the first new one replaces them with links.
 */
public final class CheckpointDirectory {
  public static final String CURRENT = "checkpoint";
  public static final String STEPS = "steps";
  private static final String NEXT_LINK = ".checkpoint.next";

  private final Path dir;
  private final List<String> published;
  private final List<String> internal;

  /**
   * @param published files linked from the directory's top level (best.policy, ...)
   * @param internal files only the checkpoint holds (resume.state)
   */
  public CheckpointDirectory(Path dir, List<String> published, List<String> internal) {
    this.dir = OutputPaths.absolute(dir);
    this.published = List.copyOf(published);
    this.internal = List.copyOf(internal);
  }

  public Path dir() {
    return dir;
  }

  /** The directory of the current checkpoint, if there is one. */
  public Optional<Path> current() {
    Path link = dir.resolve(CURRENT);
    if (Files.isSymbolicLink(link)) {
      return Files.isDirectory(link) ? Optional.of(link) : Optional.empty();
    }
    for (String name : concat()) {
      if (Files.isRegularFile(dir.resolve(name), LinkOption.NOFOLLOW_LINKS)) {
        return Optional.of(dir); // an earlier version's run
      }
    }
    return Optional.empty();
  }

  /** Starts checkpoint {@code step}: an empty step directory to write into. */
  public Checkpoint begin(long step) throws IOException {
    Path stepDir = dir.resolve(STEPS).resolve(String.format("%09d", step));
    Optional<Path> current = current();
    if (current.isPresent() && Files.exists(stepDir) && Files.isSameFile(current.get(), stepDir)) {
      throw new IllegalStateException("checkpoint " + step + " is already the current one");
    }
    DirectorySwap.deleteTree(stepDir); // a step a killed run wrote but never switched to
    Files.createDirectories(stepDir);
    return new Checkpoint(stepDir, current);
  }

  /** Removes every checkpoint and the links to them: a fresh start. */
  public void clear() throws IOException {
    Files.deleteIfExists(dir.resolve(CURRENT));
    Files.deleteIfExists(dir.resolve(NEXT_LINK));
    for (String name : concat()) {
      Files.deleteIfExists(dir.resolve(name));
    }
    DirectorySwap.deleteTree(dir.resolve(STEPS));
  }

  private List<String> concat() {
    List<String> all = new ArrayList<>(published);
    all.addAll(internal);
    return all;
  }

  /** One checkpoint being written; nothing of it is visible until {@link #commit()}. */
  public final class Checkpoint {
    private final Path stepDir;
    private final Optional<Path> previous;

    private Checkpoint(Path stepDir, Optional<Path> previous) {
      this.stepDir = stepDir;
      this.previous = previous;
    }

    /** Where this checkpoint's file {@code name} goes. */
    public Path file(String name) {
      return stepDir.resolve(name);
    }

    /** Carries {@code name} over unchanged from the previous checkpoint, if it had one. */
    public void keep(String name) throws IOException {
      if (previous.isEmpty() || !Files.isRegularFile(previous.get().resolve(name))) {
        return;
      }
      Path source = previous.get().resolve(name).toRealPath();
      try {
        Files.createLink(file(name), source);
      } catch (IOException | UnsupportedOperationException e) {
        Files.copy(source, file(name), StandardCopyOption.REPLACE_EXISTING);
      }
    }

    /** Makes this checkpoint the current one, in one atomic rename, and removes older ones. */
    public void commit() throws IOException {
      Path next = dir.resolve(NEXT_LINK);
      Files.deleteIfExists(next);
      Files.createSymbolicLink(next, dir.relativize(stepDir));
      Files.move(next, dir.resolve(CURRENT), StandardCopyOption.ATOMIC_MOVE);
      for (String name : published) {
        publish(name);
      }
      AtomicFiles.removeTemporaries(dir); // left by a run killed while writing here
      for (String name : internal) {
        if (Files.isRegularFile(dir.resolve(name), LinkOption.NOFOLLOW_LINKS)) {
          Files.delete(dir.resolve(name)); // an earlier version's loose file, now in the checkpoint
        }
      }
      try (DirectoryStream<Path> steps = Files.newDirectoryStream(dir.resolve(STEPS))) {
        for (Path old : steps) {
          if (!old.getFileName().equals(stepDir.getFileName())) {
            DirectorySwap.deleteTree(old);
          }
        }
      }
    }

    /** DIR/NAME → checkpoint/NAME, replacing whatever was there in one rename. */
    private void publish(String name) throws IOException {
      Path link = dir.resolve(name);
      Path target = Path.of(CURRENT, name);
      if (Files.isSymbolicLink(link) && Files.readSymbolicLink(link).equals(target)) {
        return;
      }
      Path next = dir.resolve("." + name + ".next");
      Files.deleteIfExists(next);
      Files.createSymbolicLink(next, target);
      Files.move(next, link, StandardCopyOption.ATOMIC_MOVE);
    }
  }
}

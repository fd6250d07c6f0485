package dl2.io;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;

/**
 * Replaces a directory as a whole (a report: index.html, figures and data that belong together).
 * The new version is written into {@code PARENT/.NAME.new}, renamed to {@code .NAME.ready} once
 * complete, given the entries carried over from the old version (an experiment's training runs),
 * and then swapped in by two renames: {@code NAME} to {@code .NAME.old}, {@code .NAME.ready} to
 * {@code NAME}. A command killed at any instant leaves the old version or the new one (or, for the
 * instant between the two renames, neither); {@link #recover} finishes or undoes what it left.
 * Callers hold the directory's output lock (the app's {@code OutputLock}).
 */
public final class DirectorySwap {
  /** Writes the new version's files into a fresh directory. */
  @FunctionalInterface
  public interface Writer {
    void write(Path staging) throws IOException;
  }

  private DirectorySwap() {}

  /**
   * Writes a new version of {@code dir} with {@code writer}, carrying {@code carried} entries over
   * from the old one.
   */
  public static void replace(Path dir, List<String> carried, Writer writer) throws IOException {
    Path target = OutputPaths.absolute(dir);
    recover(target, carried);
    Path fresh = sibling(target, "new");
    deleteTree(fresh);
    Files.createDirectories(fresh);
    try {
      writer.write(fresh);
    } catch (IOException | RuntimeException e) {
      deleteTree(fresh); // the old version stays as it was
      throw e;
    }
    Files.move(fresh, sibling(target, "ready"), StandardCopyOption.ATOMIC_MOVE);
    finish(target, carried);
  }

  /**
   * Completes a swap whose new version was ready, or discards an unfinished one; then removes the
   * old version.
   */
  public static void recover(Path dir, List<String> carried) throws IOException {
    Path target = OutputPaths.absolute(dir);
    deleteTree(sibling(target, "new"));
    if (Files.exists(sibling(target, "ready"), LinkOption.NOFOLLOW_LINKS)) {
      finish(target, carried);
    } else if (!Files.exists(target, LinkOption.NOFOLLOW_LINKS)
        && Files.exists(sibling(target, "old"), LinkOption.NOFOLLOW_LINKS)) {
      Files.move(sibling(target, "old"), target, StandardCopyOption.ATOMIC_MOVE);
    }
    deleteTree(sibling(target, "old"));
  }

  private static void finish(Path target, List<String> carried) throws IOException {
    Path ready = sibling(target, "ready");
    Path old = sibling(target, "old");
    if (Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
      for (String name : carried) {
        Path entry = target.resolve(name);
        if (Files.exists(entry, LinkOption.NOFOLLOW_LINKS)
            && !Files.exists(ready.resolve(name), LinkOption.NOFOLLOW_LINKS)) {
          Files.move(entry, ready.resolve(name), StandardCopyOption.ATOMIC_MOVE);
        }
      }
      deleteTree(old);
      Files.move(target, old, StandardCopyOption.ATOMIC_MOVE);
    }
    Files.move(ready, target, StandardCopyOption.ATOMIC_MOVE);
    deleteTree(old);
  }

  /** {@code PARENT/.NAME.ROLE}. */
  static Path sibling(Path target, String role) {
    return target.resolveSibling("." + target.getFileName() + "." + role);
  }

  /**
   * Deletes {@code path} and everything under it, without following links; nothing if it is absent.
   */
  public static void deleteTree(Path path) throws IOException {
    if (!Files.exists(path, LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    Files.walkFileTree(
        path,
        new SimpleFileVisitor<>() {
          @Override
          public FileVisitResult visitFile(Path file, BasicFileAttributes attrs)
              throws IOException {
            Files.deleteIfExists(file);
            return FileVisitResult.CONTINUE;
          }

          @Override
          public FileVisitResult visitFileFailed(Path file, IOException e) throws IOException {
            if (e instanceof NoSuchFileException) {
              return FileVisitResult.CONTINUE;
            }
            throw e;
          }

          @Override
          public FileVisitResult postVisitDirectory(Path directory, IOException e)
              throws IOException {
            if (e != null) {
              throw e;
            }
            Files.deleteIfExists(directory);
            return FileVisitResult.CONTINUE;
          }
        });
  }
}

package dl2.io;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * Copies a directory tree as it is, links as links (a training run's files are links into its
 * current checkpoint), into {@code PARENT/.NAME.copy} first and then renamed into place, so that
 * the copy appears whole or not at all.
 */
public final class TreeCopy {
  private TreeCopy() {}

  /** Copies {@code from} to {@code to}, which must not exist yet. */
  public static void copy(Path from, Path to) throws IOException {
    Path target = OutputPaths.absolute(to);
    if (Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
      throw new IOException(target + " already exists");
    }
    Path partial = target.resolveSibling("." + target.getFileName() + ".copy");
    DirectorySwap.deleteTree(partial);
    Path source = OutputPaths.absolute(from);
    Files.walkFileTree(
        source,
        new SimpleFileVisitor<>() {
          @Override
          public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs)
              throws IOException {
            Files.createDirectories(partial.resolve(source.relativize(dir).toString()));
            return FileVisitResult.CONTINUE;
          }

          @Override
          public FileVisitResult visitFile(Path file, BasicFileAttributes attrs)
              throws IOException {
            Path copy = partial.resolve(source.relativize(file).toString());
            if (attrs.isSymbolicLink()) {
              Files.createSymbolicLink(copy, Files.readSymbolicLink(file));
            } else {
              Files.copy(file, copy, StandardCopyOption.COPY_ATTRIBUTES);
            }
            return FileVisitResult.CONTINUE;
          }
        });
    Files.move(partial, target, StandardCopyOption.ATOMIC_MOVE);
  }
}

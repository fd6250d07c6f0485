package dl2.io;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * Writes output files all at once: a temporary file in the target's directory, forced to disk, then
 * an atomic rename, so a reader never sees half a file and a failed run leaves no file behind.
 */
public final class AtomicFiles {
  private AtomicFiles() {}

  /**
   * Writes {@code content} to {@code target}. A link is followed (the file it names is replaced,
   * the link stays); a character device or pipe is written into, never replaced; a directory or
   * other special file is refused with an IOException.
   */
  public static void write(Path target, byte[] content) throws IOException {
    Path absolute = target.toAbsolutePath();
    if (Files.isSymbolicLink(absolute) && Files.exists(absolute)) {
      absolute = absolute.toRealPath();
    }
    if (Files.exists(absolute) && !Files.isRegularFile(absolute)) {
      if (!OutputPaths.isDeviceOrPipe(absolute)) {
        throw new IOException(
            absolute
                + (Files.isDirectory(absolute) ? " is a directory" : " is not a regular file"));
      }
      try (FileChannel channel = FileChannel.open(absolute, StandardOpenOption.WRITE)) {
        ByteBuffer buffer = ByteBuffer.wrap(content);
        while (buffer.hasRemaining()) {
          channel.write(buffer);
        }
      }
      return;
    }
    Path dir = absolute.getParent();
    Path created = null;
    for (Path p = dir; p != null && !Files.exists(p); p = p.getParent()) {
      created = p;
    }
    Files.createDirectories(dir);
    Path temp = Files.createTempFile(dir, "." + absolute.getFileName(), ".tmp");
    boolean written = false;
    try {
      makeReadable(temp);
      try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE)) {
        ByteBuffer buffer = ByteBuffer.wrap(content);
        while (buffer.hasRemaining()) {
          channel.write(buffer);
        }
        channel.force(true);
      }
      Files.move(
          temp, absolute, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      written = true;
    } finally {
      Files.deleteIfExists(temp);
      for (Path p = dir;
          !written && created != null && p != null && p.startsWith(created);
          p = p.getParent()) {
        try {
          Files.deleteIfExists(p); // directories made for a file that was not written
        } catch (IOException e) {
          break;
        }
      }
    }
  }

  /**
   * Temporary files are created owner-only; outputs (reports, traces, policies) are meant to be
   * shared and served, so they get the permissions of a file created under the usual umask 022.
   */
  private static void makeReadable(Path temp) throws IOException {
    if (Files.getFileStore(temp).supportsFileAttributeView(PosixFileAttributeView.class)) {
      Files.setPosixFilePermissions(temp, PosixFilePermissions.fromString("rw-r--r--"));
    }
  }

  /**
   * Deletes the temporary files a killed writer left in {@code dir} ({@code .NAME<digits>.tmp}).
   * Only for a directory the caller has locked: another writer's file in progress looks the same.
   */
  public static void removeTemporaries(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) {
      return;
    }
    try (java.nio.file.DirectoryStream<Path> stale = Files.newDirectoryStream(dir, ".*[0-9].tmp")) {
      for (Path file : stale) {
        if (Files.isRegularFile(file, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
          Files.deleteIfExists(file);
        }
      }
    }
  }

  public static void writeString(Path target, String content) throws IOException {
    write(target, content.getBytes(StandardCharsets.UTF_8));
  }
}

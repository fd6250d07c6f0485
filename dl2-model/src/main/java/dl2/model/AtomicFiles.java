package dl2.model;

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
 * Writes output files all at once: a temporary file in the target's directory, forced to disk,
 * then an atomic rename, so a reader never sees half a file and a failed run leaves no file behind.
 */
public final class AtomicFiles {
  private AtomicFiles() {}

  public static void write(Path target, byte[] content) throws IOException {
    Path absolute = target.toAbsolutePath();
    Path dir = absolute.getParent();
    Files.createDirectories(dir);
    Path temp = Files.createTempFile(dir, "." + absolute.getFileName(), ".tmp");
    try {
      makeReadable(temp);
      try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE)) {
        ByteBuffer buffer = ByteBuffer.wrap(content);
        while (buffer.hasRemaining()) {
          channel.write(buffer);
        }
        channel.force(true);
      }
      Files.move(temp, absolute, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } finally {
      Files.deleteIfExists(temp);
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

  public static void writeString(Path target, String content) throws IOException {
    write(target, content.getBytes(StandardCharsets.UTF_8));
  }
}

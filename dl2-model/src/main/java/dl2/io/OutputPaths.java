package dl2.io;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Checks of the paths a command will write (and read), made before any work so that a bad path is a
 * one-line InputException at once, not a failure after a long run. Messages are plain words: no
 * exception class names.
 */
public final class OutputPaths {
  private static final int S_IFMT = 0170000;
  private static final int S_IFCHR = 0020000;
  private static final int S_IFIFO = 0010000;

  /**
   * Input limit: no trace, table or checkpoint of this project comes near 1 GB; larger is a wrong
   * file.
   */
  public static final long MAX_INPUT_BYTES = 1L << 30;

  /** The longest file name Linux file systems hold (NAME_MAX), in bytes. */
  static final int MAX_NAME_BYTES = 255;

  /** The longest path Linux accepts (PATH_MAX, its terminating zero included), in bytes. */
  static final int MAX_PATH_BYTES = 4096;

  /**
   * A probe file's name prefix: created and removed at once in an output's nearest existing folder.
   */
  private static final String PROBE = ".dl2-probe-";

  private OutputPaths() {}

  public static Path absolute(Path path) {
    return path.toAbsolutePath().normalize();
  }

  /**
   * An output file ({@code --json FILE}): a regular file or a new name in a directory that exists
   * or can be created. A character device or pipe (/dev/null, /dev/stdout) is written in place,
   * never replaced; directories and other special files are refused.
   */
  public static void checkFile(String flag, Path file) {
    Path name = file.getFileName();
    if (name != null && (name.toString().equals(".") || name.toString().equals(".."))) {
      throw new InputException(flag + " " + file + ": is a directory; give a file name");
    }
    Path target = absolute(file);
    if (target.getParent() == null) {
      throw new InputException(flag + " " + file + ": is the root directory, not a file");
    }
    checkName(flag, file, target);
    if (Files.exists(target)) {
      if (Files.isDirectory(target)) {
        throw new InputException(flag + " " + file + ": is a directory; give a file name");
      }
      if (!Files.isRegularFile(target) && !isDeviceOrPipe(target)) {
        throw new InputException(flag + " " + file + ": is not a regular file");
      }
      if (!Files.isWritable(target)) {
        throw new InputException(flag + " " + file + ": is not writable");
      }
      return;
    }
    checkCreatable(flag, file, target.getParent());
  }

  /**
   * An output directory ({@code --out DIR}): an existing directory, or a name whose nearest
   * existing ancestor is a writable directory. The root directory is refused.
   */
  public static void checkDirectory(String flag, Path dir) {
    Path target = absolute(dir);
    if (target.getParent() == null) {
      throw new InputException(
          flag + " " + dir + ": is the root directory; give a directory of its own");
    }
    checkName(flag, dir, target);
    if (Files.exists(target)) {
      if (!Files.isDirectory(target)) {
        throw new InputException(flag + " " + dir + ": is a file, not a directory");
      }
      if (!Files.isWritable(target)) {
        throw new InputException(flag + " " + dir + ": is not writable");
      }
      return;
    }
    checkCreatable(flag, dir, target.getParent());
  }

  /**
   * An input file: it must exist and be a regular file (a device such as /dev/zero could be read
   * forever).
   */
  public static void checkInput(String flag, Path file) {
    Path target = absolute(file);
    if (!Files.exists(target)) {
      throw new InputException(flag + " " + file + ": no such file");
    }
    if (Files.isDirectory(target)) {
      throw new InputException(flag + " " + file + ": is a directory, not a file");
    }
    if (!Files.isRegularFile(target)) {
      throw new InputException(flag + " " + file + ": is not a regular file");
    }
    if (!Files.isReadable(target)) {
      throw new InputException(flag + " " + file + ": is not readable");
    }
  }

  /**
   * The bytes of input file {@code file}; one-line InputExceptions for a missing, special (a device
   * such as /dev/zero would be read forever) or oversized file, or a read error.
   */
  public static byte[] readInput(Path file) {
    Path target = absolute(file);
    if (Files.isDirectory(target)) {
      throw InputException.inFile(file.toString(), "is a directory, not a file");
    }
    if (Files.exists(target) && !Files.isRegularFile(target)) {
      throw InputException.inFile(file.toString(), "is not a regular file");
    }
    try {
      if (Files.size(target) > MAX_INPUT_BYTES) {
        throw InputException.inFile(
            file.toString(),
            "is larger than " + MAX_INPUT_BYTES / (1 << 20) + " MB, the input limit");
      }
      return Files.readAllBytes(target);
    } catch (NoSuchFileException e) {
      throw InputException.inFile(file.toString(), "cannot be read: no such file");
    } catch (AccessDeniedException e) {
      throw InputException.inFile(file.toString(), "cannot be read: permission denied");
    } catch (IOException e) {
      throw InputException.inFile(file.toString(), "cannot be read: " + reason(e));
    }
  }

  /** An input directory: it must exist and be a directory. */
  public static void checkInputDirectory(String flag, Path dir) {
    Path target = absolute(dir);
    if (!Files.exists(target)) {
      throw new InputException(flag + " " + dir + ": no such directory");
    }
    if (!Files.isDirectory(target)) {
      throw new InputException(flag + " " + dir + ": is a file, not a directory");
    }
  }

  private static void checkCreatable(String flag, Path given, Path parent) {
    Path ancestor = parent;
    while (ancestor != null && !Files.exists(ancestor, LinkOption.NOFOLLOW_LINKS)) {
      ancestor = ancestor.getParent();
    }
    if (ancestor == null) {
      throw new InputException(flag + " " + given + ": no existing directory above it");
    }
    if (!Files.isDirectory(ancestor)) {
      throw new InputException(
          flag + " " + given + ": " + ancestor + " is a file, not a directory");
    }
    if (!Files.isWritable(ancestor)) {
      throw new InputException(
          flag + " " + given + ": cannot create it in " + ancestor + " (not writable)");
    }
    probe(flag, given, ancestor);
  }

  /**
   * The path is one Linux file systems can name: no name longer than {@value #MAX_NAME_BYTES} bytes
   * (NAME_MAX), and the whole path shorter than {@value #MAX_PATH_BYTES} bytes (PATH_MAX).
   */
  private static void checkName(String flag, Path given, Path target) {
    if (target.toString().getBytes(StandardCharsets.UTF_8).length >= MAX_PATH_BYTES) {
      throw new InputException(
          flag
              + " "
              + abbreviated(given.toString())
              + ": the path is longer than the "
              + (MAX_PATH_BYTES - 1)
              + " bytes a file system allows");
    }
    for (Path name : target) {
      if (name.toString().getBytes(StandardCharsets.UTF_8).length > MAX_NAME_BYTES) {
        throw new InputException(
            flag
                + " "
                + abbreviated(given.toString())
                + ": the name "
                + abbreviated(name.toString())
                + " is longer than the "
                + MAX_NAME_BYTES
                + " bytes a file system allows");
      }
    }
  }

  /**
   * Whether a file can really be created in {@code folder}: the permission bits do not say so for
   * every file system (/proc, /sys, a read-only mount), so an empty probe file is made and removed.
   */
  private static void probe(String flag, Path given, Path folder) {
    try {
      Files.delete(Files.createTempFile(folder, PROBE, ""));
    } catch (IOException e) {
      throw new InputException(
          flag + " " + given + ": cannot create it in " + folder + " (" + reason(e) + ")");
    }
  }

  private static String abbreviated(String name) {
    return name.length() <= 60
        ? name
        : name.substring(0, 40) + "…" + name.substring(name.length() - 15);
  }

  /** A character device or a named pipe, which outputs write into rather than replace. */
  public static boolean isDeviceOrPipe(Path path) {
    try {
      int mode = (Integer) Files.getAttribute(path, "unix:mode");
      int type = mode & S_IFMT;
      return type == S_IFCHR || type == S_IFIFO;
    } catch (IOException
        | UnsupportedOperationException
        | IllegalArgumentException
        | ClassCastException e) {
      return false;
    }
  }

  /** Writes {@code text} (UTF-8) to {@code file} atomically; an input error if it cannot. */
  public static void writeText(Path file, String text) {
    try {
      AtomicFiles.write(file, text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new InputException("cannot write " + file + ": " + reason(e));
    }
  }

  /** What went wrong with a file operation, in plain words (never an exception class name). */
  public static String reason(IOException e) {
    if (e instanceof NoSuchFileException n) {
      return "no such file or directory: " + n.getFile();
    }
    if (e instanceof AccessDeniedException a) {
      return "permission denied: " + a.getFile();
    }
    if (e instanceof FileAlreadyExistsException f) {
      return "already exists: " + f.getFile();
    }
    if (e instanceof DirectoryNotEmptyException d) {
      return "directory not empty: " + d.getFile();
    }
    if (e instanceof NotDirectoryException d) {
      return "not a directory: " + d.getFile();
    }
    if (e instanceof FileSystemException f && f.getReason() != null) {
      return f.getReason().toLowerCase(Locale.ROOT)
          + (f.getFile() == null ? "" : ": " + f.getFile());
    }
    String message = e.getMessage();
    return message == null || message.isBlank() ? "input/output error" : message;
  }
}

package dl2.io;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A directory tree as one byte string, to carry it where only a file goes (a pod's log, as a {@link
 * PrintedFile}): its directories, files and links (as links: a training run's files link into its
 * checkpoint), in path order, without times or owners, so that the same tree gives the same bytes.
 * Unpacked into a new directory, whole or not at all, as {@link TreeCopy} copies; entries that
 * would land outside it are refused.
 */
public final class TreeArchive {
  private static final String MAGIC = "dl2-tree 1";
  private static final byte DIRECTORY = 'd';
  private static final byte FILE = 'f';
  private static final byte LINK = 'l';

  private TreeArchive() {}

  /** The tree under {@code dir} (not {@code dir} itself) as bytes. */
  public static byte[] pack(Path dir) throws IOException {
    Path root = OutputPaths.absolute(dir);
    Map<String, Path> entries = new TreeMap<>();
    Files.walkFileTree(
        root,
        new SimpleFileVisitor<>() {
          @Override
          public FileVisitResult preVisitDirectory(Path d, BasicFileAttributes attrs) {
            if (!d.equals(root)) {
              entries.put(name(root, d), d);
            }
            return FileVisitResult.CONTINUE;
          }

          @Override
          public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
            entries.put(name(root, file), file);
            return FileVisitResult.CONTINUE;
          }
        });
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      out.writeUTF(MAGIC);
      for (Map.Entry<String, Path> entry : entries.entrySet()) {
        Path path = entry.getValue();
        if (Files.isSymbolicLink(path)) {
          out.writeByte(LINK);
          out.writeUTF(entry.getKey());
          out.writeUTF(Files.readSymbolicLink(path).toString());
        } else if (Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS)) {
          out.writeByte(DIRECTORY);
          out.writeUTF(entry.getKey());
        } else {
          byte[] content = Files.readAllBytes(path);
          out.writeByte(FILE);
          out.writeUTF(entry.getKey());
          out.writeInt(content.length);
          out.write(content);
        }
      }
    }
    return bytes.toByteArray();
  }

  /**
   * Unpacks {@code archive} into {@code to}, which must not exist yet; an archive that is not one
   * or that reaches outside {@code to} is an IllegalArgumentException saying so in plain words.
   */
  public static void unpack(byte[] archive, Path to) throws IOException {
    Path target = OutputPaths.absolute(to);
    if (Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
      throw new IOException(target + " already exists");
    }
    Path partial = target.resolveSibling("." + target.getFileName() + ".unpack");
    DirectorySwap.deleteTree(partial);
    Files.createDirectories(partial);
    List<String[]> links = new ArrayList<>();
    try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(archive))) {
      if (!MAGIC.equals(in.readUTF())) {
        throw new IllegalArgumentException("not a directory tree dl2 packed");
      }
      int kind;
      while ((kind = in.read()) >= 0) {
        Path path = inside(partial, in.readUTF());
        switch (kind) {
          case DIRECTORY -> Files.createDirectories(path);
          case FILE -> {
            byte[] content = new byte[in.readInt()];
            in.readFully(content);
            Files.createDirectories(path.getParent());
            Files.write(path, content);
          }
          case LINK -> {
            String link = in.readUTF();
            inside(partial, partial.relativize(path.getParent()).resolve(link).toString());
            links.add(new String[] {partial.relativize(path).toString(), link});
          }
          default ->
              throw new IllegalArgumentException(
                  "a damaged directory tree (entry kind " + kind + ")");
        }
      }
    } catch (EOFException
        | UncheckedIOException
        | java.io.UTFDataFormatException
        | NegativeArraySizeException e) {
      DirectorySwap.deleteTree(partial);
      throw new IllegalArgumentException("a directory tree cut short or damaged");
    } catch (IllegalArgumentException e) {
      DirectorySwap.deleteTree(partial);
      throw e;
    }
    for (String[] link : links) { // after the files, whatever the order
      Path path = partial.resolve(link[0]);
      Files.createDirectories(path.getParent());
      Files.createSymbolicLink(path, Path.of(link[1]));
    }
    Files.move(partial, target, StandardCopyOption.ATOMIC_MOVE);
  }

  /** {@code entry} under {@code root}, refused when it reaches outside it. */
  private static Path inside(Path root, String entry) {
    Path path = root.resolve(entry).normalize();
    if (entry.isEmpty()
        || Path.of(entry).isAbsolute()
        || !path.startsWith(root)
        || path.equals(root)) {
      throw new IllegalArgumentException("a directory tree with an entry outside it: " + entry);
    }
    return path;
  }

  private static String name(Path root, Path path) {
    return root.relativize(path).toString().replace(path.getFileSystem().getSeparator(), "/");
  }
}

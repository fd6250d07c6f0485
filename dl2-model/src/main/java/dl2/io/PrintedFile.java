package dl2.io;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Base64;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * A file carried through a text stream that also holds other lines, such as a pod's log (stdout and
 * stderr interleaved): gzip, then base64 in lines that start with {@code |}, between a header
 * naming the file with its length and SHA-256 and an end line. Lines that do not start with {@code
 * |} are skipped, so progress lines may fall between the data; a copy that was cut short (a rotated
 * log) or mixed up is refused by its length and digest.
 */
public final class PrintedFile {
  static final String BEGIN = "dl2-printed-file";
  static final String END = "dl2-printed-file-end";
  static final char DATA = '|';
  private static final int LINE_CHARS = 76;

  private PrintedFile() {}

  /**
   * The lines that carry {@code content} as {@code name} (a word without spaces), each ending in a
   * newline.
   */
  public static String print(String name, byte[] content) {
    if (name.isEmpty() || name.chars().anyMatch(Character::isWhitespace)) {
      throw new IllegalArgumentException("a printed file's name is one word: '" + name + "'");
    }
    String encoded = Base64.getEncoder().encodeToString(gzip(content));
    StringBuilder text =
        new StringBuilder(encoded.length() + encoded.length() / LINE_CHARS * 2 + 200);
    text.append(BEGIN)
        .append(' ')
        .append(name)
        .append(' ')
        .append(content.length)
        .append(' ')
        .append(Digests.sha256(content))
        .append('\n');
    for (int i = 0; i < encoded.length(); i += LINE_CHARS) {
      text.append(DATA).append(encoded, i, Math.min(encoded.length(), i + LINE_CHARS)).append('\n');
    }
    return text.append(END).append(' ').append(name).append('\n').toString();
  }

  /**
   * The last copy of {@code name} in {@code text}; an IllegalArgumentException says in plain words
   * why there is none (absent, cut short, or damaged).
   */
  public static byte[] read(String text, String name) {
    String header = BEGIN + " " + name + " ";
    String end = END + " " + name;
    int start = text.lastIndexOf(header);
    if (start < 0 || (start > 0 && text.charAt(start - 1) != '\n')) {
      throw new IllegalArgumentException("it holds no " + name);
    }
    String[] lines = text.substring(start).split("\n", -1);
    String[] fields = lines[0].split(" ");
    long length;
    if (fields.length != 4) {
      throw new IllegalArgumentException("its " + name + " header is damaged");
    }
    try {
      length = Long.parseLong(fields[2]);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("its " + name + " header is damaged");
    }
    StringBuilder encoded = new StringBuilder();
    boolean ended = false;
    for (int i = 1; i < lines.length && !ended; i++) {
      String line =
          lines[i].endsWith("\r") ? lines[i].substring(0, lines[i].length() - 1) : lines[i];
      if (line.equals(end)) {
        ended = true;
      } else if (!line.isEmpty() && line.charAt(0) == DATA) {
        encoded.append(line, 1, line.length());
      }
    }
    if (!ended) {
      throw new IllegalArgumentException(
          "its " + name + " is cut short (" + encoded.length() + " characters of it, no end line)");
    }
    byte[] content;
    try {
      content = gunzip(Base64.getDecoder().decode(encoded.toString()));
    } catch (IllegalArgumentException | UncheckedIOException e) {
      throw new IllegalArgumentException("its " + name + " is damaged (not gzip in base64)");
    }
    if (content.length != length || !Digests.sha256(content).equals(fields[3])) {
      throw new IllegalArgumentException(
          "its "
              + name
              + " is damaged ("
              + content.length
              + " bytes where the header says "
              + length
              + ", or another digest)");
    }
    return content;
  }

  private static byte[] gzip(byte[] content) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (GZIPOutputStream out =
        new GZIPOutputStream(bytes)) { // Java writes no time or name: the same bytes every time
      out.write(content);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return bytes.toByteArray();
  }

  private static byte[] gunzip(byte[] compressed) {
    try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(compressed))) {
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}

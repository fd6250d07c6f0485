package dl2.cli.fuzz;

import dl2.model.Rng;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Seeded mutations of text and bytes, and the nasty values they insert. */
final class Mutations {
  /**
   * Values a cell or an option may be given: empty, signs, limits, overflows, non-numbers, odd
   * characters.
   */
  static final List<String> NASTY =
      List.of(
          "",
          " ",
          "-1",
          "0",
          "1",
          "-0",
          "2",
          "1e308",
          "-1e308",
          "1e-320",
          "NaN",
          "nan",
          "Infinity",
          "-Infinity",
          "inf",
          "9223372036854775808",
          "9223372036854775807",
          "-9223372036854775808",
          "2147483648",
          "2147483647",
          "-2147483649",
          "1e9",
          "1e10",
          "0x10",
          "1d",
          "1f",
          "1_000",
          "+5",
          "5.",
          ".5",
          "1.5",
          "3.0e5",
          "١٢٣",
          "\"",
          "\"\"",
          "a,b",
          "null",
          "true",
          "{}",
          "[]",
          "x".repeat(300),
          "\u00e9\u00e8",
          "\uD83D\uDE42",
          "\t",
          "resnet-50",
          "vgg-16",
          "bert",
          "2017-10-09 07:01:55",
          "9999-99-99 99:99:99",
          "-",
          "--",
          "paper-testbed",
          "drf");

  private final Rng rng;

  Mutations(Rng rng) {
    this.rng = rng;
  }

  String nasty() {
    return pick(NASTY);
  }

  <T> T pick(List<T> values) {
    return values.get(rng.nextInt(values.size()));
  }

  int below(int n) {
    return rng.nextInt(n);
  }

  boolean chance(double p) {
    return rng.nextDouble() < p;
  }

  /**
   * One to three edits of a CSV-like text (separator {@code sep}): cells, lines, headers, quotes,
   * bytes.
   */
  String text(String text, char sep) {
    String result = text;
    int edits = 1 + below(3);
    for (int e = 0; e < edits; e++) {
      result = edit(result, sep);
    }
    return result;
  }

  private String edit(String text, char sep) {
    List<String> lines = new ArrayList<>(Arrays.asList(text.split("\n", -1)));
    int line = below(lines.size());
    String separator = String.valueOf(sep);
    switch (below(12)) {
      case 0, 1, 2, 3 -> {
        String[] cells = lines.get(line).split(java.util.regex.Pattern.quote(separator), -1);
        cells[below(cells.length)] = nasty();
        lines.set(line, String.join(separator, cells));
      }
      case 4 -> lines.remove(line);
      case 5 -> lines.add(line, lines.get(line));
      case 6 -> lines.set(line, lines.get(line) + separator + nasty());
      case 7 -> {
        String[] cells = lines.get(line).split(java.util.regex.Pattern.quote(separator), -1);
        lines.set(
            line, String.join(separator, Arrays.copyOf(cells, Math.max(0, cells.length - 1))));
      }
      case 8 -> lines.add(line, "");
      case 9 -> lines.set(line, lines.get(line).replace(separator, separator + "\""));
      case 10 -> {
        return new String(
            bytes(text.getBytes(java.nio.charset.StandardCharsets.UTF_8)),
            java.nio.charset.StandardCharsets.UTF_8);
      }
      default -> {
        return chance(0.5)
            ? "\uFEFF" + text.replace("\n", "\r\n")
            : text.substring(0, below(text.length() + 1));
      }
    }
    return String.join("\n", lines);
  }

  /** One to three byte edits: flips, truncation, zeroed or repeated ranges, appended junk. */
  byte[] bytes(byte[] data) {
    byte[] result = data.clone();
    int edits = 1 + below(3);
    for (int e = 0; e < edits && result.length > 0; e++) {
      int at = below(result.length);
      switch (below(6)) {
        case 0, 1 -> result[at] ^= (byte) (1 << below(8));
        case 2 -> result = Arrays.copyOf(result, at);
        case 3 -> Arrays.fill(result, at, Math.min(result.length, at + 1 + below(64)), (byte) 0);
        case 4 -> {
          byte[] longer = Arrays.copyOf(result, result.length + 1 + below(64));
          for (int i = result.length; i < longer.length; i++) {
            longer[i] = (byte) rng.nextInt(256);
          }
          result = longer;
        }
        default -> result[at] = (byte) 0xFF;
      }
    }
    return result;
  }
}

package dl2.report;

import java.util.regex.Pattern;

/**
 * One chart of a report: a file-name stem (written as {@code figures/NAME.svg}), a caption and the
 * SVG document.
 */
public record Figure(String name, String caption, String svg) {
  private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9-]*");

  public Figure {
    if (!NAME.matcher(name).matches()) {
      throw new IllegalArgumentException(
          "figure names are lower-case letters, digits and '-': " + name);
    }
  }

  /** The figure's path relative to the report directory. */
  public String file() {
    return "figures/" + name + ".svg";
  }
}

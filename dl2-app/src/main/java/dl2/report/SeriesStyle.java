package dl2.report;

/**
 * How one scheduler (or other series) is drawn everywhere: its colour, its marker and its line's
 * dash pattern (SVG stroke-dasharray; empty for solid).
 */
record SeriesStyle(String colour, Marker marker, String dash) {
  /** The stroke attributes of a line in this style. */
  String strokeAttributes(String width) {
    return " stroke-width=\"" + width + "\"" + (dash.isEmpty() ? "" : " stroke-dasharray=\"" + dash + "\"");
  }
}

package dl2.report;

/** The point symbols that tell lines apart where colours are hard to distinguish (or printed in grey). */
enum Marker {
  CIRCLE, SQUARE, TRIANGLE, TRIANGLE_DOWN, DIAMOND, CROSS, PLUS, OPEN_CIRCLE, OPEN_SQUARE, OPEN_TRIANGLE, NONE;

  private static final double R = 4;

  /** The SVG element of this marker centred at (x, y). */
  String svg(double x, double y, String colour) {
    String filled = " fill=\"" + colour + "\" stroke=\"" + colour + "\"";
    String open = " fill=\"#ffffff\" stroke=\"" + colour + "\" stroke-width=\"1.5\"";
    return switch (this) {
      case CIRCLE -> circle(x, y, filled);
      case OPEN_CIRCLE -> circle(x, y, open);
      case SQUARE -> polygon(filled, x - R, y - R, x + R, y - R, x + R, y + R, x - R, y + R);
      case OPEN_SQUARE -> polygon(open, x - R, y - R, x + R, y - R, x + R, y + R, x - R, y + R);
      case TRIANGLE -> polygon(filled, x, y - R - 1, x + R + 1, y + R, x - R - 1, y + R);
      case OPEN_TRIANGLE -> polygon(open, x, y - R - 1, x + R + 1, y + R, x - R - 1, y + R);
      case TRIANGLE_DOWN -> polygon(filled, x, y + R + 1, x + R + 1, y - R, x - R - 1, y - R);
      case DIAMOND -> polygon(filled, x, y - R - 1, x + R + 1, y, x, y + R + 1, x - R - 1, y);
      case CROSS -> path(colour, "M" + p(x - R, y - R) + "L" + p(x + R, y + R) + "M" + p(x - R, y + R) + "L" + p(x + R, y - R));
      case PLUS -> path(colour, "M" + p(x - R - 1, y) + "L" + p(x + R + 1, y) + "M" + p(x, y - R - 1) + "L" + p(x, y + R + 1));
      case NONE -> "";
    };
  }

  private static String circle(double x, double y, String paint) {
    return "<circle cx=\"" + Svg.number(x) + "\" cy=\"" + Svg.number(y) + "\" r=\"" + Svg.number(R) + "\"" + paint + "/>\n";
  }

  private static String polygon(String paint, double... xy) {
    StringBuilder points = new StringBuilder();
    for (int i = 0; i < xy.length; i += 2) {
      points.append(i == 0 ? "" : " ").append(p(xy[i], xy[i + 1]));
    }
    return "<polygon points=\"" + points + "\"" + paint + "/>\n";
  }

  private static String path(String colour, String d) {
    return "<path d=\"" + d + "\" fill=\"none\" stroke=\"" + colour + "\" stroke-width=\"2\"/>\n";
  }

  private static String p(double x, double y) {
    return Svg.number(x) + "," + Svg.number(y);
  }
}

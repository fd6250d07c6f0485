package dl2.report;

import java.util.Locale;

/**
 * A minimal SVG writer: shapes and escaped text with coordinates rounded to 0.1 px, so a chart's
 * bytes depend only on its data. Standalone documents (with the XML namespace) open from disk and
 * inline in HTML alike.
 */
final class Svg {
  private final StringBuilder out = new StringBuilder();

  Svg(int width, int height, String title) {
    out.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(width).append("\" height=\"").append(height)
        .append("\" viewBox=\"0 0 ").append(width).append(' ').append(height)
        .append("\" font-family=\"sans-serif\" font-size=\"12\">\n");
    out.append("<title>").append(Html.escape(title)).append("</title>\n");
    out.append("<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n");
  }

  static String number(double v) {
    String s = String.format(Locale.ROOT, "%.1f", v);
    return s.endsWith(".0") ? s.substring(0, s.length() - 2) : s;
  }

  Svg line(double x1, double y1, double x2, double y2, String stroke, String extra) {
    out.append("<line x1=\"").append(number(x1)).append("\" y1=\"").append(number(y1)).append("\" x2=\"").append(number(x2))
        .append("\" y2=\"").append(number(y2)).append("\" stroke=\"").append(stroke).append('"').append(extra).append("/>\n");
    return this;
  }

  Svg rect(double x, double y, double width, double height, String fill) {
    out.append("<rect x=\"").append(number(x)).append("\" y=\"").append(number(y)).append("\" width=\"").append(number(width))
        .append("\" height=\"").append(number(height)).append("\" fill=\"").append(fill).append("\"/>\n");
    return this;
  }

  /** A polyline through pre-formatted "x,y" points. */
  Svg polyline(CharSequence points, String stroke, String extra) {
    out.append("<polyline fill=\"none\" stroke=\"").append(stroke).append("\" stroke-width=\"1.5\"").append(extra)
        .append(" points=\"").append(points).append("\"/>\n");
    return this;
  }

  /** Pre-formatted SVG elements, e.g. a marker. */
  Svg raw(String elements) {
    out.append(elements);
    return this;
  }

  /** Text at (x, y); {@code anchor} is start, middle or end; {@code extra} adds raw attributes. */
  Svg text(double x, double y, String text, String anchor, String extra) {
    out.append("<text x=\"").append(number(x)).append("\" y=\"").append(number(y)).append("\" text-anchor=\"").append(anchor)
        .append('"').append(extra).append('>').append(Html.escape(text)).append("</text>\n");
    return this;
  }

  String render() {
    return out + "</svg>\n";
  }
}

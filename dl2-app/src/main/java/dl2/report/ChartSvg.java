package dl2.report;

import java.awt.Dimension;
import java.awt.geom.Rectangle2D;
import java.io.StringWriter;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.transform.OutputKeys;
import javax.xml.transform.Transformer;
import javax.xml.transform.TransformerException;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import org.apache.batik.svggen.SVGGeneratorContext;
import org.apache.batik.svggen.SVGGraphics2D;
import org.apache.batik.svggen.SVGIDGenerator;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.text.TextUtils;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * A JFreeChart drawn as an SVG document by Batik's SVG generator. Labels stay {@code <text>} in the
 * generic sans-serif family, so the page is searchable and the browser draws them; ids carry the
 * figure's name, so the figures inlined in one page never share a clip path; a viewBox lets the
 * page scale the figure; and the same chart gives the same bytes.
 */
final class ChartSvg {
  private static final String SVG = "http://www.w3.org/2000/svg";

  static {
    // JFreeChart draws rotated labels (the y axis's) as outlines unless told to rotate the graphics
    // and draw text.
    TextUtils.setUseDrawRotatedStringWorkaround(false);
  }

  private ChartSvg() {}

  static String render(JFreeChart chart, String name, String title, int width, int height) {
    Document document = newDocument();
    SVGGeneratorContext context = SVGGeneratorContext.createDefault(document);
    context.setComment(null);
    context.setEmbeddedFontsOn(false);
    context.setPrecision(2);
    context.setIDGenerator(
        new SVGIDGenerator() {
          @Override
          public String generateID(String prefix) {
            return name + "-" + super.generateID(prefix);
          }
        });
    SVGGraphics2D graphics = new SVGGraphics2D(context, false);
    graphics.setSVGCanvasSize(new Dimension(width, height));
    chart.draw(graphics, new Rectangle2D.Double(0, 0, width, height));
    Element root = graphics.getRoot();
    // Batik's one fixed id: renamed, as every other id, so that inline figures never share one.
    Element generic = (Element) root.getElementsByTagName("defs").item(0);
    if (generic != null && generic.getAttribute("id").equals("genericDefs")) {
      generic.setAttribute("id", name + "-generic-defs");
    }
    root.setAttribute("viewBox", "0 0 " + width + " " + height);
    Element titleElement = document.createElementNS(SVG, "title");
    titleElement.setTextContent(title);
    root.insertBefore(titleElement, root.getFirstChild());
    graphics.dispose();
    return serialise(root) + "\n";
  }

  /**
   * The element as XML without declaration or indentation (Batik's own writer breaks lines inside
   * tags).
   */
  private static String serialise(Element root) {
    try {
      Transformer transformer = TransformerFactory.newInstance().newTransformer();
      transformer.setOutputProperty(OutputKeys.OMIT_XML_DECLARATION, "yes");
      transformer.setOutputProperty(OutputKeys.INDENT, "no");
      transformer.setOutputProperty(OutputKeys.ENCODING, "UTF-8");
      StringWriter out = new StringWriter();
      transformer.transform(new DOMSource(root), new StreamResult(out));
      return out.toString();
    } catch (TransformerException e) {
      throw new IllegalStateException("the JDK's XML serialiser failed on a chart", e);
    }
  }

  private static Document newDocument() {
    try {
      return DocumentBuilderFactory.newInstance()
          .newDocumentBuilder()
          .getDOMImplementation()
          .createDocument(SVG, "svg", null);
    } catch (ParserConfigurationException e) {
      throw new IllegalStateException("the JDK's XML parser is missing", e);
    }
  }
}

/**
 * XML for the office formats Atmark reads itself (PowerPoint, OpenDocument), through
 * @xmldom/xmldom: no external entities or DTDs are ever fetched, and a broken part makes the
 * document `damaged`.
 */
import { DOMParser } from '@xmldom/xmldom';
import { DocumentProblem } from './document-problem';

/** The element interface the extractors walk (xmldom's, as far as they need it). */
export interface XmlElement {
  nodeType: number;
  localName: string | null;
  namespaceURI: string | null;
  nodeValue: string | null;
  childNodes: ArrayLike<XmlElement>;
  getAttributeNS(ns: string, name: string): string | null;
}

export const NS = {
  a: 'http://schemas.openxmlformats.org/drawingml/2006/main',
  p: 'http://schemas.openxmlformats.org/presentationml/2006/main',
  r: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships',
  office: 'urn:oasis:names:tc:opendocument:xmlns:office:1.0',
  text: 'urn:oasis:names:tc:opendocument:xmlns:text:1.0',
  table: 'urn:oasis:names:tc:opendocument:xmlns:table:1.0',
  draw: 'urn:oasis:names:tc:opendocument:xmlns:drawing:1.0',
  presentation: 'urn:oasis:names:tc:opendocument:xmlns:presentation:1.0',
} as const;

/** Parses `text` as XML; throws {@link DocumentProblem} (`damaged`) naming `part` when it is broken. */
export function parseXml(text: string, part: string): XmlElement {
  const fail = (msg: unknown) => {
    throw new DocumentProblem('damaged', `${part}: ${String(msg)}`);
  };
  const doc = new DOMParser({ errorHandler: { warning: () => undefined, error: fail, fatalError: fail } }).parseFromString(text, 'text/xml');
  const root = doc.documentElement as unknown as XmlElement | null;
  if (!root) fail('no root element');
  return root!;
}

/** True when `node` is the element `ns:name`. */
export function isElement(node: XmlElement, ns: string, name: string): boolean {
  return node.nodeType === 1 && node.namespaceURI === ns && node.localName === name;
}

/** The child elements of `node`. */
export function children(node: XmlElement): XmlElement[] {
  return Array.from(node.childNodes).filter((c) => c.nodeType === 1);
}

/** Every descendant element `ns:name` of `node`, in document order. */
export function descendants(node: XmlElement, ns: string, name: string): XmlElement[] {
  const out: XmlElement[] = [];
  const walk = (n: XmlElement) => {
    for (const child of Array.from(n.childNodes)) {
      if (child.nodeType !== 1) continue;
      if (isElement(child, ns, name)) out.push(child);
      walk(child);
    }
  };
  walk(node);
  return out;
}

/** The first descendant `ns:name`, or null. */
export function first(node: XmlElement, ns: string, name: string): XmlElement | null {
  return descendants(node, ns, name)[0] ?? null;
}

import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, cspMetaPlugin } from './csp';

const directive = (policy: string, name: string) => policy.split('; ').find((d) => d.startsWith(`${name} `)) ?? '';

describe('the one CSP builder', () => {
  it("gives Electron's page no WebSocket and no network beyond its own scheme", () => {
    const policy = contentSecurityPolicy({ kind: 'electron' });
    expect(policy).not.toMatch(/ws:|wss:|http:|https:|\*/);
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self'");
    expect(directive(policy, 'script-src')).toBe("script-src 'self'");
  });

  it("lets the host's page reach only its own host's WebSocket", () => {
    const policy = contentSecurityPolicy({ kind: 'host', port: 43123 });
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self' ws://127.0.0.1:43123 ws://localhost:43123");
    expect(policy).not.toContain(':*');
  });

  it('writes the common part into the HTML, without header-only directives', () => {
    const policy = contentSecurityPolicy({ kind: 'html' });
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self'");
    expect(policy).not.toContain('frame-ancestors');
    const html = cspMetaPlugin().transformIndexHtml('<head>\n<!-- CSP: filled in from src/shared/csp.ts -->\n</head>');
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="${policy}" />`);
  });

  it.each([{ kind: 'electron' }, { kind: 'host', port: 1 }, { kind: 'html' }] as const)('never allows eval, plugins, forms or a base URL (%j)', (target) => {
    const policy = contentSecurityPolicy(target);
    expect(policy).not.toContain('unsafe-eval');
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'none'");
    expect(policy).toContain("form-action 'none'");
  });

  it("opens the dev server's socket and inline preamble in development only", () => {
    const policy = contentSecurityPolicy({ kind: 'electron' }, { devServer: 'http://localhost:5173/' });
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self' ws://localhost:5173 http://localhost:5173");
    expect(directive(contentSecurityPolicy({ kind: 'electron' }), 'script-src')).not.toContain('unsafe-inline');
  });
});

import { z } from 'zod';

/** GET /metrics: Prometheus text exposition format (version 0.0.4). */
export const metricsTextReply = z.string().describe('text/plain; version=0.0.4');

/** sitemap.xml and robots.txt, for search engines (src/server/http/prerendered-pages.ts). */
export const sitemapXmlReply = z.string().describe('application/xml');
export const robotsTxtReply = z.string().describe('text/plain');

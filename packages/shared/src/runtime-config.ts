// Settings the server injects into index.html so one web build serves every deployment (docs/architecture.md §1).

export interface RuntimeConfig {
  /** API base URL; '' means same origin. */
  apiBaseUrl: string;
  /** Main-site host, prefixed to avatars and public links. */
  mainSiteUrl: string;
  /** Websocket base URL; '' means same origin. */
  wsUrl: string;
  icp: string;
  copyright: string;
  hotline: string;
  /** Chatbot script loaded for logged-in users; '' for none. */
  chatbotScriptUrl: string;
  /** Origins allowed in the iframe area. */
  toolHosts: string[];
}

export const RUNTIME_CONFIG_ELEMENT_ID = 'uc-runtime-config';

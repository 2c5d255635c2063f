// The chatbot script: only for logged-in users, only when configured, loaded once.
import { useEffect } from 'react';
import { runtimeConfig } from '../../lib/runtime-config';

const SCRIPT_ID = 'uc-chatbot-script';

export function useChatbot(isLoggedIn: boolean): void {
  useEffect(() => {
    const src = runtimeConfig().chatbotScriptUrl;
    if (!isLoggedIn || !src || document.getElementById(SCRIPT_ID)) return;
    const script = document.createElement('script');
    script.id = SCRIPT_ID;
    script.src = src;
    script.async = true;
    script.referrerPolicy = 'strict-origin-when-cross-origin';
    document.body.appendChild(script);
  }, [isLoggedIn]);
}

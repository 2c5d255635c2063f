// The sanitizer against XSS vectors (OWASP's filter evasion cheat sheet, SVG and MathML tricks, javascript:/data:/
// vbscript: URLs plain, entity-encoded and split by whitespace, CSS expression() and url(), <base>, <meta refresh>,
// forms, frames, objects, srcdoc, mutation XSS): nothing executable survives, and what the editor writes does.
import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './rich-text.js';

const VECTORS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://xss.rocks/xss.js></SCRIPT>',
  '<IMG SRC="javascript:alert(\'XSS\');">',
  "<IMG SRC=javascript:alert('XSS')>",
  "<IMG SRC=JaVaScRiPt:alert('XSS')>",
  '<IMG SRC=`javascript:alert("RSnake says, \'XSS\'")`>',
  '<a onmouseover="alert(document.cookie)">xxs link</a>',
  '<IMG """><SCRIPT>alert("XSS")</SCRIPT>">',
  '<IMG SRC=# onmouseover="alert(\'xxs\')">',
  '<IMG SRC= onmouseover="alert(\'xxs\')">',
  '<IMG onmouseover="alert(\'xxs\')">',
  '<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>',
  '<img src=x onerror="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041">',
  '<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>',
  '<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29>',
  '<IMG SRC="jav\tascript:alert(\'XSS\');">',
  '<IMG SRC="jav&#x09;ascript:alert(\'XSS\');">',
  '<IMG SRC="jav&#x0A;ascript:alert(\'XSS\');">',
  '<IMG SRC="jav&#x0D;ascript:alert(\'XSS\');">',
  '<IMG SRC=" &#14;  javascript:alert(\'XSS\');">',
  '<a href="  javascript:alert(1)">x</a>',
  '<a href="java\u0000script:alert(1)">x</a>',
  '<a href="&#x6A;avascript:alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="VBSCRIPT:msgbox(1)">x</a>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<SCRIPT/XSS SRC="http://xss.rocks/xss.js"></SCRIPT>',
  '<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^`=alert("XSS")>',
  '<<SCRIPT>alert("XSS");//<</SCRIPT>',
  '<SCRIPT SRC=http://xss.rocks/xss.js?< B >',
  '<IMG SRC="`<javascript:alert>`(\'XSS\')"',
  '</TITLE><SCRIPT>alert("XSS");</SCRIPT>',
  '<INPUT TYPE="IMAGE" SRC="javascript:alert(\'XSS\');">',
  '<BODY BACKGROUND="javascript:alert(\'XSS\')">',
  '<IMG DYNSRC="javascript:alert(\'XSS\')">',
  '<IMG LOWSRC="javascript:alert(\'XSS\')">',
  '<STYLE>li {list-style-image: url("javascript:alert(\'XSS\')");}</STYLE><UL><LI>XSS</br>',
  "<svg/onload=alert('XSS')>",
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">XSS</text></a></svg>',
  '<svg><animate onbegin=alert(1) attributeName=x dur=1s>',
  '<svg><foreignObject><iframe src="javascript:alert(1)"></iframe></foreignObject></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<math><maction actiontype="statusline" xlink:href="javascript:alert(1)">x</maction></math>',
  '<math href="javascript:alert(1)">CLICKME</math>',
  '<LINK REL="stylesheet" HREF="javascript:alert(\'XSS\');">',
  "<STYLE>@import'http://xss.rocks/xss.css';</STYLE>",
  '<META HTTP-EQUIV="Link" Content="<http://xss.rocks/xss.css>; REL=stylesheet">',
  '<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert(\'XSS\');">',
  '<META HTTP-EQUIV="refresh" CONTENT="0;url=data:text/html base64,PHNjcmlwdD5hbGVydCgnWFNTJyk8L3NjcmlwdD4K">',
  '<IFRAME SRC="javascript:alert(\'XSS\');"></IFRAME>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<FRAMESET><FRAME SRC="javascript:alert(\'XSS\');"></FRAMESET>',
  '<TABLE BACKGROUND="javascript:alert(\'XSS\')">',
  '<TABLE><TD BACKGROUND="javascript:alert(\'XSS\')">',
  '<DIV STYLE="background-image: url(javascript:alert(\'XSS\'))">',
  '<DIV STYLE="width: expression(alert(\'XSS\'));">',
  '<p style="text-align: center; background: url(javascript:alert(1))">x</p>',
  '<p style="text-align: expression(alert(1))">x</p>',
  '<span style="x:expr/**/ession(alert(1))">x</span>',
  '<IMG STYLE="xss:expr/*XSS*/ession(alert(\'XSS\'))">',
  '<BASE HREF="javascript:alert(\'XSS\');//">',
  '<OBJECT TYPE="text/x-scriptlet" DATA="http://xss.rocks/scriptlet.html"></OBJECT>',
  '<EMBED SRC="data:image/svg+xml;base64,PHN2ZyB4bWxuczpzdmc9Imh0dH A6Ly93d3cudzMub3JnLzIwMDAvc3ZnIiB4bWxucz0iaHR0cDovL3d3dy53My5vcmcv MjAwMC9zdmciIHhtbG5zOnhsaW5rPSJodHRwOi8vd3d3LnczLm9yZy8xOTk5L3hs aW5rIiB2ZXJzaW9uPSIxLjAiIHg9IjAiIHk9IjAiIHdpZHRoPSIxOTQiIGhlaWdodD0iMjAw IiBpZD0ieHNzIj48c2NyaXB0IHR5cGU9InRleHQvZWNtYXNjcmlwdCI+YWxlcnQoIlh TUyIpOzwvc2NyaXB0Pjwvc3ZnPg==" type="image/svg+xml" AllowScriptAccess="always"></EMBED>',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<form><button formaction="javascript:alert(1)">x</button></form>',
  '<isindex type=image src=1 onerror=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror="alert(1)"></video>',
  '<audio src=x onerror=alert(1)>',
  '<marquee onstart=alert(1)>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<noembed><img title="</noembed><img src=x onerror=alert(1)>"></noembed>',
  '<textarea><img title="</textarea><img src=x onerror=alert(1)>"></textarea>',
  '<template><script>alert(1)</script></template>',
  '<xmp><img title="</xmp><img src=x onerror=alert(1)>"></xmp>',
  '<style><img src="</style><img src=x onerror=alert(1)//">',
  '<a href="https://ok.example" onclick="alert(1)">ok</a>',
  '<img src="https://ok.example/a.png" onload="alert(1)">',
  '<p id="x" class="y" data-x="z" onpointerenter="alert(1)">p</p>',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<![CDATA[<script>alert(1)</script>]]>',
  '<?xml-stylesheet href="javascript:alert(1)"?>',
  '<a href="javascript&colon;alert(1)">x</a>',
  '<a href="jav&#x61;script:alert(1)">x</a>',
  '<a href="\u0001javascript:alert(1)">x</a>',
  '<img src="//evil.example/x.png">',
  '<img src="http://evil.example/x.png">',
];

/** What must never be in the output: script elements, handlers, dangerous schemes, CSS tricks, foreign documents. */
const EXECUTABLE = [
  /<script/i,
  /<style/i,
  /<iframe/i,
  /<frame/i,
  /<object/i,
  /<embed/i,
  /<svg/i,
  /<math/i,
  /<base/i,
  /<meta/i,
  /<link/i,
  /<form/i,
  /<input/i,
  /<button/i,
  /<template/i,
  /\son[a-z]+\s*=/i,
  /(href|src|action|formaction|background|dynsrc|lowsrc|srcdoc)\s*=\s*["']?\s*(javascript|data|vbscript)/i,
  /javascript:/i,
  /vbscript:/i,
  /expression\s*\(/i,
  /url\s*\(/i,
  /srcdoc/i,
];

/** Whether the HTML, read by the browser's rules after a second parse, holds anything executable. */
const executable = (html: string) => EXECUTABLE.filter((pattern) => pattern.test(html));

describe('sanitizeRichText', () => {
  it.each(VECTORS)('leaves nothing executable of %s', (vector) => {
    const { html } = sanitizeRichText(vector);
    expect(executable(html)).toEqual([]);
    // Sanitizing again changes nothing (no mutation on a second pass).
    expect(sanitizeRichText(html).html).toBe(html);
    expect(executable(sanitizeRichText(html).html)).toEqual([]);
  });

  it('keeps what the editor writes', () => {
    const html =
      '<h2 style="text-align:center">一、申报条件</h2><p>正文<strong>加粗</strong><em>斜体</em><u>下划线</u><s>删除</s></p>' +
      '<ol><li>第一</li></ol><ul><li>第二</li></ul><blockquote>引用</blockquote><hr />' +
      '<table><thead><tr><th colspan="2">表头</th></tr></thead><tbody><tr><td rowspan="2">格</td></tr></tbody></table>' +
      '<p><img src="/api/ccw/files/12/" alt="图" /></p><pre><code>code</code></pre>';
    const { html: out, removed } = sanitizeRichText(html);
    expect(removed).toEqual([]);
    expect(out).toBe(html);
  });

  it('forces rel and target on links and keeps http, https and mailto', () => {
    const { html } = sanitizeRichText(
      '<a href="https://gd.gov.cn/a" target="_self">a</a><a href="mailto:a@b.cn">b</a>',
    );
    expect(html).toBe(
      '<a href="https://gd.gov.cn/a" rel="noopener noreferrer nofollow" target="_blank">a</a>' +
        '<a href="mailto:a@b.cn" rel="noopener noreferrer nofollow" target="_blank">b</a>',
    );
  });

  it('says what it removed, in Chinese', () => {
    const { removed } = sanitizeRichText(
      '<p onclick="x" style="color:red">a</p><script>x</script><a href="javascript:alert(1)">b</a><iframe></iframe><img src="http://x/y.png">',
    );
    expect(removed).toEqual(
      expect.arrayContaining([
        'onclick 属性',
        '样式（仅保留对齐方式）',
        '<script> 标签',
        'javascript: 链接',
        '<iframe> 标签',
        'http: 图片地址',
      ]),
    );
  });
});

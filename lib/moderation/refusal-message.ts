// The spec's safety message (§8, "moderated"), the answer to a refused prompt in each language. The
// API's errors are built outside any page, so the texts are kept here; tests/unit/prompt-moderation
// keeps them equal to `Imaging.moderated` in messages/*.json, which the screens show.
import type { Locale } from "@/lib/i18n/locales";

export const PROMPT_REFUSED_MESSAGES: Readonly<Record<Locale, string>> = {
  en: "Your request was blocked by AI safety filters. Please avoid copyrighted characters, inappropriate content, or sensitive topics.",
  es: "Los filtros de seguridad de la IA han bloqueado tu solicitud. Evita los personajes protegidos por derechos de autor, el contenido inapropiado y los temas delicados.",
  fr: "Votre demande a été bloquée par les filtres de sécurité de l’IA. Évitez les personnages protégés par le droit d’auteur, les contenus inappropriés et les sujets sensibles.",
  de: "Deine Anfrage wurde von den KI-Sicherheitsfiltern blockiert. Bitte vermeide urheberrechtlich geschützte Figuren, unangemessene Inhalte und heikle Themen.",
  zh: "你的请求已被 AI 安全过滤器拦截。请避免涉及受版权保护的角色、不当内容或敏感话题。",
  ja: "リクエストは AI の安全フィルターによってブロックされました。著作権で保護されたキャラクター、不適切なコンテンツ、センシティブな話題は避けてください。",
};

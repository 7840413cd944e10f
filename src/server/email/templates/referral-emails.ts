import type { Words } from '../languages.ts';
import type { EmailData, NotificationEmailWords } from './notification-email.ts';

const one = (d: EmailData) => d.referrals === '1';

/** Data: amount (the tier's reward), referrals (how many active referrals the tier asks for). */
export const referralWords: Record<'referral_reward_paid', Words<NotificationEmailWords>> = {
  referral_reward_paid: {
    en: {
      subject: (d) => `You earned a referral reward of ${d.amount}`,
      body: (d) => [
        `Friends you invited have made their first contribution: you reached the reward tier for ${d.referrals} active ${one(d) ? 'referral' : 'referrals'}.`,
        `${d.amount} is in your SaveCircle wallet. Thank you for spreading the word!`,
      ],
      action: 'See my referrals',
    },
    es: {
      subject: (d) => `Ganaste una recompensa por referidos de ${d.amount}`,
      body: (d) => [
        `Tus amigos invitados hicieron su primer aporte: alcanzaste el nivel de recompensa de ${d.referrals} ${one(d) ? 'referido activo' : 'referidos activos'}.`,
        `Ya tienes ${d.amount} en tu billetera de SaveCircle. ¡Gracias por correr la voz!`,
      ],
      action: 'Ver mis referidos',
    },
    fr: {
      subject: (d) => `Vous avez gagné une récompense de parrainage de ${d.amount}`,
      body: (d) => [
        `Les amis que vous avez invités ont fait leur première cotisation : vous atteignez le palier de ${d.referrals} ${one(d) ? 'filleul actif' : 'filleuls actifs'}.`,
        `${d.amount} vous attendent dans votre portefeuille SaveCircle. Merci d’en avoir parlé autour de vous !`,
      ],
      action: 'Voir mes parrainages',
    },
    zh: {
      subject: (d) => `您获得了 ${d.amount} 的邀请奖励`,
      body: (d) => [
        `您邀请的好友已完成首次缴款，您达到了“${d.referrals} 位活跃好友”的奖励等级。`,
        `${d.amount} 已存入您的 SaveCircle 钱包。感谢您的推荐！`,
      ],
      action: '查看我的邀请',
    },
    ar: {
      subject: (d) => `حصلت على مكافأة إحالة بقيمة ${d.amount}`,
      body: (d) => [
        `قدّم أصدقاؤك الذين دعوتهم مساهمتهم الأولى، فبلغت مستوى المكافأة الخاص بـ ${d.referrals} من الإحالات النشطة.`,
        `أُضيف مبلغ ${d.amount} إلى محفظتك في SaveCircle. شكرًا لأنك عرّفت الآخرين بنا!`,
      ],
      action: 'عرض إحالاتي',
    },
    ko: {
      subject: (d) => `추천 보상 ${d.amount}을(를) 받았습니다`,
      body: (d) => [
        `초대한 친구들이 첫 납입을 마쳐 '활성 추천 ${d.referrals}명' 보상 단계에 도달했습니다.`,
        `${d.amount}이(가) SaveCircle 지갑에 입금되었습니다. 널리 알려 주셔서 감사합니다!`,
      ],
      action: '내 추천 현황 보기',
    },
  },
};

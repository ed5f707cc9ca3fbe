import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { Pricing } from '@scheduler/contracts/pricing';
import { SETTING } from '@scheduler/contracts/setting-keys';
import { panelFields } from '@scheduler/domain/people/person-fields';
import { useScheduler } from '../../shared/scheduler-context.tsx';
import { pricingQueryOptions } from '../../shared/pricing-api.ts';
import { displayLines } from '@scheduler/domain/pricing/display-lines';
import { ServicesLines } from '../../sidebar/ServicesLines.tsx';
import { PersonSummary } from './PersonSummary.tsx';
import { ReviewCard } from './ReviewCard.tsx';
import { reviewPanels, type PanelContent } from './review-panels.ts';
import { reviewTexts as t } from './review-texts.ts';

const DEFAULT_PAC_NAME = 'Pay at Close';

/**
 * Spec 2.11 Shopping Cart: the sidebar's lines of the pricing, with the package's services not
 * listed again beside it, and HIDE_ALL_FEES hiding every amount, fee, tax and the total.
 */
export function cartPricing(pricing: Pricing, hideAllFees: boolean): Pricing {
  const inPackage = new Set(pricing.package?.services.map((service) => service.id) ?? []);
  return {
    ...pricing,
    services: pricing.services.filter((service) => !inPackage.has(service.id)),
    fees_hidden: pricing.fees_hidden || hideAllFees,
  };
}

/** The review's panels as a grid of cards (one column on a phone); `changeable` shows each panel's Change. */
export function ReviewPanels({ specialNote, changeable }: { specialNote: string; changeable: boolean }) {
  const { scope, office, order, settings, currency, hasControls, pathOf } = useScheduler();
  // The screen around the panels loads the pricing and offers Try again when it fails; mounting the
  // panels must not load it again, or a failure would flip the screen back to its skeleton forever.
  const pricing = useQuery({ ...pricingQueryOptions(scope), retryOnMount: false }).data;
  const pacName = settings.text(SETTING.PAC_NAME).trim() || DEFAULT_PAC_NAME;
  const panels = reviewPanels({ order, office, settings, currency, hasControls, specialNote });

  const body = (content: PanelContent) => {
    switch (content.kind) {
      case 'lines':
        return content.lines.map((line, index) => (
          <Typography key={`${index}-${line}`} sx={{ overflowWrap: 'anywhere' }}>
            {line}
          </Typography>
        ));
      case 'people':
        return (
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
            {content.people.map(({ person, party }, index) => (
              <PersonSummary
                key={`${party}-${person.id ?? index}-${index}`}
                person={person}
                fields={panelFields(settings, party)}
                states={office.states}
              />
            ))}
            {content.lines.map((line) => (
              <Typography key={line} sx={{ color: 'text.secondary' }}>
                {line}
              </Typography>
            ))}
          </Box>
        );
      case 'cart': {
        if (!pricing) return null;
        const cart = cartPricing(pricing, settings.isOn(SETTING.HIDE_ALL_FEES));
        return displayLines(cart).lines.length ? (
          <ServicesLines pricing={cart} currency={currency} pacName={pacName} />
        ) : (
          <Typography>{t.nothingYet}</Typography>
        );
      }
      case 'note':
        return <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{content.text}</Typography>;
    }
  };

  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
        gap: { xs: 1.5, sm: 2 },
      }}
    >
      {panels.map((panel) => (
        <ReviewCard
          key={panel.key}
          title={panel.title}
          changeHref={changeable && panel.step ? pathOf(panel.step) : null}
          wide={panel.content.kind === 'cart' || panel.content.kind === 'note'}
        >
          {body(panel.content)}
        </ReviewCard>
      ))}
    </Box>
  );
}
